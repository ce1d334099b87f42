"""Steam Rollers (hex roll-and-write; 1-5 players, solo against Olivia).

Rules reference: ``docs/rules/steam-rollers.md`` and the seed text. railkit ships
its own sheet (``maps/steam-default.json``), action tiles (``tiles.json``)
and order tiles (``orders.json``) as data, in the spirit of the game.

Quick start
-----------
>>> from railkit.games.steam_rollers import SteamRollers
>>> g = SteamRollers(players=3, seed=7)
>>> str(g.legal_actions()[0]).startswith("draft")
True
>>> solo = SteamRollers(players=1, seed=7, difficulty="rail-baron")
>>> solo.solo, solo.difficulty
(True, 'rail-baron')

Actions (text forms; see :mod:`railkit.games.steam_rollers.actions`):
``draft 3 build 0,-2 gentle 1-3``, ``draft 3 engine``, ``draft 5 deliver red to 2``,
``draft 5 deliver red from 4 to 2`` (tile 3a), ``draft 3 tile 3``, ``draft 3 pass``,
``draft 3 as 4 engine`` (tile 1), ``use 4b``, ``build 1,0 straight 0-3`` (tile 3b's
second track), ``skip``, ``power engine 3`` / ``power track 1,0 straight 0-3`` /
``power vp`` / ``power tile 4`` / ``power good 3``.

Decisions railkit makes where the rules are silent (all documented as rule ids):
a track end on a mountain border is illegal (SR-MOUNTAIN); a delivery always
takes the longest route the engine allows (SR-DELIVER-LONGEST); tiles work only
when upright (SR-TILE-USE-UPRIGHT); one-use tiles with a lasting effect are
played before drafting with ``use ID`` and go back to the centre at once.

Rule ids
--------
======================  =========  ======================================================================
id                      source     rule
======================  =========  ======================================================================
SR-SHEET-REGIONS        railkit    A sheet has regions 1-6 and every hex lies in exactly one region.
SR-SHEET-CONTIGUOUS     railkit    Every region is one contiguous group of hexes.
SR-SHEET-CITY-TOWN      confirmed  Each region holds one city and one (different) town hex.
SR-SHEET-JOINABLE       railkit    Every pair of cities can be joined by track even with the Hard mountains.
SR-SHEET-DRAWABLE       railkit    Every region has at least 6 hexes to draw in besides its city.
SR-SETUP-SUPPLY         confirmed  Each city gets N+2 goods from the bag; goods on a city of their own colour go back.
SR-SETUP-TILES          confirmed  Each action tile shows a random side (a/b) for the whole game.
SR-COAL                 confirmed  Coal module: a black good on each city that lost a good at setup; coal may go to any city.
SR-ROUND-DICE           confirmed  Each round roll N+1 white dice and the black die; one white die is left over.
SR-ROUND-START          railkit    The start player passes clockwise (to the next seat) each round.
SR-PHASE                railkit    Only the action the game is waiting for may be taken (draft, second track, re-roll, power).
SR-DRAFT-DIE            confirmed  In turn order each player drafts one of the rolled white dice and acts with it at once.
SR-PASS                 railkit    A player may draft a die and take no action with it.
SR-TILE-UPRIGHT         seed       Right before drafting, a player turns her sideways action tiles upright.
SR-BUILD-REGION         seed       Build: draw in one empty hex of the region with the die's number.
SR-BUILD-TYPE           seed       Build: the track type must be one of the two shown on the black die.
SR-BUILD-ONE-PER-HEX    seed       Each hex is drawn into once: no crossings or junctions.
SR-BUILD-NO-CITY        seed       Cities are never drawn in.
SR-CITY-BORDER          seed       A track edge bordering a city connects to that city.
SR-TOWN-THROUGH         seed       A town is connected only by a track through its hex, which always passes the town.
SR-MOUNTAIN             railkit    A track may not have an end on a mountain border (Medium/Hard); such a build is illegal.
SR-ENGINE-BOX           seed       Engine: cross off the box of the die value; each value only once.
SR-ENGINE-MAX           seed       Engine strength = number of crossed boxes, at most 6 (tile bonuses for one delivery aside).
SR-DELIVER-SOURCE       seed       Deliver: the source is the city with the die's number and must hold the chosen good.
SR-DELIVER-COLOUR       seed       The good must go to a city of its colour (grey: 3 or 4; coal: any city).
SR-DELIVER-ROUTE        seed       The player's own tracks must link the source to the destination.
SR-DELIVER-ENGINE       seed       The delivery distance (cities and towns reached) may not exceed the engine strength.
SR-DELIVER-NO-LOOP      seed       A delivery may not pass the same city (or town) twice.
SR-DELIVER-LONGEST      railkit    The route taken is the longest the engine allows (a shorter one never scores more).
SR-DELIVER-SCORE        seed       A delivery scores its distance; the good goes back to the bag.
SR-TILE-TAKE            seed       Tile action: take the tile numbered v from the centre or from a player.
SR-TILE-STEAL-SIDEWAYS  seed       A sideways tile cannot be taken; a player may take her own upright tile to turn it sideways.
SR-TILE-ONE-USE         seed       One-use tiles go back to the centre after use.
SR-TILE-PERMANENT       seed       Permanent tiles stay until stolen and cannot be discarded.
SR-TILE-USE-UPRIGHT     railkit    Only upright tiles you hold can be used (a tile taken this round is sideways).
SR-TILE-1A              railkit    Tile 1a: treat your drafted die as any value.
SR-TILE-1B              railkit    Tile 1b: change your drafted die by +1 or -1 (6 and 1 wrap).
SR-TILE-2A              railkit    Tile 2a: draft a second white die this round and take a second action.
SR-TILE-2B              railkit    Tile 2b: build may also use the track type not on the black die.
SR-TILE-3A              railkit    Tile 3a: the delivery source may be a city one number away from the die.
SR-TILE-3B              railkit    Tile 3b: draw two tracks in the chosen region.
SR-TILE-4A              railkit    Tile 4a: +1 engine strength, not counted for the engine bonus.
SR-TILE-4B              railkit    Tile 4b: +2 engine strength for one delivery.
SR-TILE-5A              railkit    Tile 5a: deliver one stop beyond the engine strength.
SR-TILE-5B              railkit    Tile 5b: build in a region adjacent to the die's region.
SR-TILE-6A              railkit    Tile 6a: +1 VP for every delivery of distance 3 or more.
SR-TILE-6B              railkit    Tile 6b: take any upright action tile, ignoring the number.
SR-END-THREE-EMPTY      confirmed  The game ends after the round in which three supply cities are empty.
SR-END-MAX-ROUNDS       railkit    Safety net: the game also ends after max_rounds rounds.
SR-SCORE-DELIVERY       seed       Players total their delivery points.
SR-SCORE-NETWORK        seed       Each completed city-to-city connection scores 1 plus 1 per town on it.
SR-SCORE-ENGINE-BONUS   seed       Engine boxes 4/5/6 (tile bonuses not counted) score +1/+2/+3.
SR-SCORE-TILES          seed       Add or subtract the VP of held action and order tiles.
SR-TIE                  railkit    Tie: most delivery points wins; still tied, the rank is shared.
SR-MOUNTAIN-LEVEL       confirmed  Mountains module: Medium or Hard borders, the same for every player.
SR-ORDER-TILES          railkit    Order module: open order tiles go to the first player who meets them, for their VP.
SR-POWER-CHOICE         railkit    Starting powers: in reverse seat order each player picks a different one of the five.
SR-POWER-ENGINE         confirmed  Power: cross one engine box of your choice.
SR-POWER-TRACK          confirmed  Power: draw one free track of any type in any empty hex.
SR-POWER-VP             confirmed  Power: +2 VP at the end.
SR-POWER-TILE           confirmed  Power: take a free action tile from the centre.
SR-POWER-GOOD           confirmed  Power: a personal good on your city 3 or 4 that only you deliver, to any city.
SR-SOLO-SETUP           seed       Solo: goods are lined up in random order on the cities; one player.
SR-SOLO-MODULES         seed       Solo: only the mountain module may be used (no coal, powers or order tiles).
SR-SOLO-TILE2           seed       Solo: the alternate solo tile 2 replaces tile 2.
SR-SOLO-DIFFICULTY      seed       Olivia starts with one crossed hex in each region rolled: Clerk 1 die ... Rail Baron 6.
SR-SOLO-DICE            seed       Solo: roll 3 white dice and the black die; the player uses two dice for two actions.
SR-SOLO-ANY-GOOD        seed       Solo: the player may deliver any good of the right colour, ignoring the line order;
                                   the delivery names its place in line (``deliver red #3 to 2``).
SR-SOLO-PERMANENT-ONCE  seed       Solo: each permanent tile serves only one of the player's two actions per turn.
SR-SOLO-REROLL          railkit    Solo tile 2: re-roll Olivia's die once before her phase.
SR-OLIVIA-1             seed       Olivia crosses an empty hex (not a city) in region d; a full region means she wins at once.
SR-OLIVIA-2             seed       Olivia takes back an upright tile numbered d held by the player.
SR-OLIVIA-3             seed       If city d is empty Olivia re-rolls and starts again at step 1.
SR-OLIVIA-4             seed       With 3+ crossed hexes in region d she removes the last good at city d and scores the crossed count.
SR-OLIVIA-LAST          seed       The end turn is completed: Olivia always plays last.
SR-OLIVIA-SCORE         seed       Olivia scores deliveries, 3 for her engine, her two best regions and positive VP of tiles by the board.
SR-SOLO-TIE-LOSS        seed       Solo: the player must score more than Olivia; a tie is a loss.
======================  =========  ======================================================================
"""

from railkit.core.compiled import load as _load_engine
from railkit.core.game import GameSpec

_load_engine(__name__)  # the mypyc-compiled engine when it is current, else network.py and game.py
from railkit.games.steam_rollers.actions import (
    Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, TakeTile, UseTile, parse,
)
from railkit.games.steam_rollers.game import SteamRollers
from railkit.games.steam_rollers.rule_ids import RULES
from railkit.games.steam_rollers.rules import DIFFICULTIES, POWERS, PRESETS, SteamRules

SPEC = GameSpec(
    name="steam-rollers",
    title="Steam Rollers",
    game_class=SteamRollers,
    presets=PRESETS,
    default_agent="random",
    default_bot="greedy",
    hidden=("bag",),
    solo_opponent="Olivia",
    solo_levels=tuple(DIFFICULTIES),
)

__all__ = [
    "Build", "DIFFICULTIES", "Deliver", "Engine", "ExtraBuild", "POWERS", "PRESETS", "Pass", "Power", "RULES",
    "SPEC", "Skip", "SteamRollers", "SteamRules", "TakeTile", "UseTile", "parse",
]
