// Runs a Python script in Pyodide under Node.js, with railkit's browser wheels installed:
//   node run.mjs PYODIDE_DIR WHEELS_DIR SCRIPT.py [ARGS...]
// The script's folder and the working folder are mounted at their own paths. The wheels are unpacked into site-packages as the served pages do (no micropip, no network).
// What the script prints goes to stdout; its exit code (1 on a Python error) is the process's.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of readdirSync(wheelsDir).filter((n) => n.endsWith(".whl")).sort()) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelsDir, name))), "zip", { extractDir: site });
}
// the script's folder and the working folder are seen at the same paths inside
for (const folder of new Set([dirname(resolve(script)), process.cwd()])) {
  pyodide.FS.mkdirTree(folder);
  pyodide.mountNodeFS(folder, folder);
}
pyodide.globals.set("cwd", process.cwd());
pyodide.globals.set("argv", pyodide.toPy([resolve(script), ...args]));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys, traceback
os.chdir(cwd)
sys.argv = list(argv)
def _main():
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        traceback.print_exc()
        return 1
    return 0
_main()
`);
process.exit(code);
