// railkit in the browser: loads Pyodide and railkit's wheels (site.json names them), makes a
// WebTable (railkit/viz/web/page.py) from the page's address and shows its view. Every move is
// played by the Python engine in this page; nothing is sent anywhere.
const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const delay = Math.max(0, Math.min(5000, parseInt(params.get("delay") ?? "450", 10) || 0));
let table = null;     // the Python WebTable
let view = null;      // its last view
let prefix = [];      // the steps of the move chosen so far
let busy = false;

function say(text, kind = "") {
  const el = $("#message");
  el.textContent = text;
  el.className = kind;
}

function fail(err) {
  console.error(err);
  say(String(err && err.message ? err.message : err).split("\n").filter(Boolean).slice(-1)[0], "error");
  document.body.dataset.state = "error";
}

async function loadRailkit() {
  const config = await (await fetch("site.json", { cache: "no-store" })).json();
  say("Loading Python (the first visit takes a few seconds)…");
  const { loadPyodide } = await import(new URL(config.pyodide + "pyodide.mjs", location.href).href);
  const pyodide = await loadPyodide({ indexURL: new URL(config.pyodide, location.href).href });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  say("Loading railkit…");
  for (const wheel of config.wheels) {
    const data = await (await fetch(`wheels/${wheel.file}?v=${wheel.sha256}`)).arrayBuffer();
    pyodide.unpackArchive(new Uint8Array(data), "zip", { extractDir: site });
  }
  return pyodide;
}

function nextSteps() {
  const n = prefix.length;
  const seen = new Map();
  for (const steps of view.choices) {
    if (steps.length > n && prefix.every((s, i) => steps[i] === s)) {
      const step = steps[n];
      if (!seen.has(step)) seen.set(step, steps.length === n + 1);
    }
  }
  return seen; // step -> whether it completes a move
}

function choose(step) {
  if (busy) return;
  const steps = nextSteps();
  if (!steps.has(step)) return;
  if (steps.get(step)) {
    play([...prefix, step].join(" "));
  } else {
    prefix.push(step);
    render();
  }
}

function play(text) {
  prefix = [];
  show(JSON.parse(table.play(text)));
  runBots();
}

async function runBots() {
  if (busy) return;
  busy = true;
  try {
    while (view.bot_to_move) {
      await new Promise((r) => setTimeout(r, delay));
      table.step_bot();
      show(JSON.parse(table.view()), false);
    }
  } catch (err) {
    fail(err);
  } finally {
    busy = false;
    render();
  }
}

function show(next, clear = true) {
  view = next;
  if (clear) say(next.error || "", next.error ? "refused" : "");
  render();
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) e.append(c);
  return e;
}

function render() {
  if (!view) return;
  document.title = `${view.title} — railkit`;
  $("#title").textContent = view.title;
  $("#status").textContent = view.status;
  $("#board").innerHTML = view.board;
  const steps = nextSteps();
  // the board's own targets: any element whose data-choice is a next step
  for (const target of document.querySelectorAll("#board [data-choice]")) {
    const step = target.getAttribute("data-choice");
    if (!busy && steps.has(step)) {
      target.classList.add("choosable");
      target.setAttribute("role", "button");
      target.setAttribute("tabindex", "0");
      target.addEventListener("click", () => choose(step));
      target.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") choose(step); });
    }
  }
  const box = $("#choices");
  box.replaceChildren();
  if (view.your_turn && !busy) {
    box.append(el("p", { class: "chosen" }, prefix.length ? `Your move: ${prefix.join(" ")} …` : "Your move:"));
    const buttons = el("div", { class: "buttons" });
    for (const step of steps.keys()) buttons.append(el("button", { class: "choice", onclick: () => choose(step) }, step));
    box.append(buttons);
    if (prefix.length) box.append(el("button", { class: "back", onclick: () => { prefix.pop(); render(); } }, "Back"));
  }
  const seats = $("#seats");
  seats.replaceChildren(el("tr", {}, el("th", {}, "Player"), el("th", {}, "Score")));
  for (const s of view.seats) {
    seats.append(el("tr", { "data-seat": s.seat }, el("td", {},
      el("span", { class: "dot", style: `background:${s.colour}` }), s.bot ? `${s.name} (bot: ${s.bot})` : s.name),
    el("td", { class: "score" }, s.score === null ? "" : String(s.score))));
  }
  const log = $("#log");
  log.replaceChildren();
  view.log.forEach((entry, i) => log.append(el("li", { value: view.moves - view.log.length + i + 1 },
    entry.name ? `${entry.name}: ${entry.text}` : entry.text)));
  log.scrollTop = log.scrollHeight;
  $("#undo").disabled = busy || !view.undo;
  $("#undo-why").textContent = view.undo ? "" : view.undo_why_not;
  const end = $("#end");
  end.replaceChildren();
  end.hidden = !view.over;
  if (view.over) {
    end.append(el("h2", {}, view.ranking[0].name === "You" ? "You win!" : `${view.ranking[0].name} wins.`));
    const ol = el("ol");
    for (const r of view.ranking) ol.append(el("li", {}, `${r.name} — ${r.score} points`));
    end.append(ol);
  }
  document.body.dataset.state = view.over ? "over" : busy ? "bots" : view.your_turn ? "your-turn" : "waiting";
}

async function main() {
  try {
    const pyodide = await loadRailkit();
    const options = Object.fromEntries(params.entries());
    delete options.delay;
    pyodide.globals.set("options_json", JSON.stringify(options));
    table = pyodide.runPython("from railkit.viz.web.page import table_from_options\ntable_from_options(options_json)");
    $("#undo").addEventListener("click", () => { prefix = []; show(JSON.parse(table.undo())); });
    $("#new").addEventListener("click", () => { prefix = []; show(JSON.parse(table.new_game())); runBots(); });
    show(JSON.parse(table.view()));
    say("");
    runBots();
  } catch (err) {
    fail(err);
  }
}

window.addEventListener("error", (ev) => fail(ev.error || ev.message));
main();
