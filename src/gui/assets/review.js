// "Analyse this game": the review `agon analyse --record` prints
// (src/analysis/review.rs), asked of the analysis engine through the
// protocol, position by position of the main line; the luck of its
// throws and rolls is the server's (src/gui/jobs.rs: the library's, as the
// command values it), asked once for the whole line.
"use strict";

// Each decision takes what the command's review takes: the position
// searched to the depth (`ucinewgame` first: the command clears the table
// before every search), then, if the engine's best is not the move played,
// the position restricted to it (`searchmoves`); the loss is the first
// value minus the second in analysis units. Throws and rolls, and a move
// that was the only legal one, are listed, not judged. With one thread, no
// MultiPV and the command's 16 MiB table the searches are the command's,
// and so are the numbers.
const REVIEW_HASH_MB = 16;
// A mate-deciding loss in the average of centi-units (review.rs MATE_LOSS).
const MATE_LOSS = 1000;
const R = { running: false, stopped: false, engine: null, rows: [], summary: [], luck: null, luckWaiter: null };

function reviewRunning() { return R.running; }

// `agon analyse`'s depth when none is given: 3, Kubeia 2.
function reviewDepth() {
  const d = Number($("rdepth").value);
  return Number.isInteger(d) && d >= 1 && d <= 64 ? d : G.game === "kubeia" ? 2 : 3;
}

// (inaccuracy, error, blunder) thresholds: review.rs `default_thresholds`.
function reviewThresholds() { return winProbabilityGame() ? [0.02, 0.04, 0.08] : [25, 50, 150]; }

// The mover's expected score of a value in analysis units, and a move's
// accuracy from the drop of it: review.rs `expected_score` and
// `move_accuracy` (lichess's curve).
function expectedScore(units) {
  return winProbabilityGame() ? Math.min(1, Math.max(0, units)) : 1 / (1 + Math.exp(-units / 400));
}
function moveAccuracy(drop) {
  const d = 100 * Math.max(0, drop);
  return Math.min(100, Math.max(0, 103.1668100711649 * Math.exp(-0.04354415386753951 * d) - 3.166924740191411 + 1));
}

// A score in analysis units (units.rs `to_units`): a win probability in
// Palma, else centi-units with proven results at ±(1e6 − moves).
function scoreUnits(score) {
  const [kind, v] = score.split(" ");
  const n = Number(v);
  if (winProbabilityGame()) return kind === "mate" ? Number(n > 0) : Math.min(1, Math.max(0, n / 2000 + 0.5));
  if (kind === "cp") return n;
  return n > 0 ? 1e6 - n : -1e6 - n;
}

// The loss of the played move against the best (review.rs `loss_units`),
// and whether it gave up a proven win.
function moveLoss(best, played) {
  const won = (s) => /^mate [1-9]/.test(s);
  const d = Math.max(0, scoreUnits(best) - scoreUnits(played));
  return { loss: winProbabilityGame() ? d : Math.min(d, MATE_LOSS), mateLost: won(best) && !won(played) };
}

// `x` to `places` decimals as the command prints it (Rust's `{:.N}`): the
// nearest, and an exact tie to even where toFixed would round it up
// (27.25 is 27.2).
function decimals(x, places) {
  const text = x.toFixed(places);
  const exact = x.toFixed(Math.min(100, places + 40));
  const tie = /^50*$/.test(exact.slice(exact.length - 40));
  const last = Number(text[text.length - 1]);
  if (!tie || last % 2 === 0) return text;
  return (x - 0.5 * Math.pow(10, -places)).toFixed(places);
}

const lossText = (loss, places) => decimals(loss, winProbabilityGame() ? 4 : places);

// A luck as the command prints it (`{:+.4}`).
function luckText(x) {
  const text = decimals(x, 4);
  return x < 0 || Object.is(x, -0) ? text : `+${text}`;
}

// The luck of every throw of the line `words` from the start, from the
// server: `luck <result> <ply>:<player>:<luck>,…`; null if it refused.
function lineLuck(words) {
  const base = positionBase(G.start);
  return new Promise((resolve, reject) => {
    R.luckWaiter = { resolve, reject };
    ws.send(`luck ${G.game}\t${G.options}\t${base}${words.length ? " moves " + words.join(" ") : ""}`);
  }).catch(() => null);
}

function luckMessage(rest) {
  const w = rest.split(" ");
  const result = w[0] === "-" ? null : w[0].split(",").map(Number);
  const throws = new Map();
  for (const t of w.slice(1)) {
    const [ply, player, luck] = t.split(":");
    throws.set(Number(ply), { player: Number(player) - 1, luck: (luck || "").split(",").map(Number) });
  }
  const waiter = R.luckWaiter;
  R.luckWaiter = null;
  if (waiter) waiter.resolve({ result, throws });
}

// The server's error is shown as it comes; the review goes on without.
function luckFailed(rest) {
  const waiter = R.luckWaiter;
  R.luckWaiter = null;
  if (waiter) waiter.reject(new Error(rest));
}

// A throw's row gets its luck for the player who decides after it, and
// every player's summary its share.
function addLuck(row, node) {
  const t = R.luck && R.luck.throws.get(row.ply);
  if (!t) return;
  row.player = t.player;
  row.luck = t.luck[t.player];
  t.luck.forEach((l, p) => {
    if (!R.summary[p]) return;
    R.summary[p].throws++;
    R.summary[p].luck += l;
  });
  node.review = { luck: row.luck, player: t.player };
}

// One search as the command makes it: the value from the last `info`
// line with a score (the search's own), its WDL, and the best move.
async function reviewSearch(e, position, extra) {
  const depth = reviewDepth();
  const lines = await e.exclusive(() => {
    e.send("ucinewgame");
    e.send(position);
    e.send(`go depth ${depth}${extra}`);
    // A Stop pressed while this search waited its turn (or while the
    // position's kind was asked) found no search to stop: it stops this one.
    if (R.stopped) e.send("stop");
    return e.until((l) => l.startsWith("bestmove"));
  });
  const error = lines.find((l) => l.startsWith("info string error"));
  if (error) throw new Error(error.replace(/^info string error:?\s*/, ""));
  const infos = lines.map(parseInfo).filter((i) => i && i.score);
  if (!infos.length) throw new Error(`no score for ${position.slice(0, 80)}`);
  const withWdl = infos.filter((i) => i.wdl);
  return {
    move: lines[lines.length - 1].split(/\s+/)[1],
    score: infos[infos.length - 1].score,
    wdl: withWdl.length ? withWdl[withWdl.length - 1].wdl : null,
  };
}

// What the position before word `i` is: `chance`, `forced`, `over` or the
// deciding player's index.
async function reviewKind(e, position) {
  const lines = await e.ask([position, "moves", "query turn"]);
  const error = lines.find((l) => l.startsWith("info string error"));
  if (error) throw new Error(error.replace(/^info string error:?\s*/, ""));
  const legal = (lines.find((l) => l.startsWith("moves")) || "").split(/\s+/).slice(1).filter(Boolean);
  const turn = (lines.find((l) => l.startsWith("response ")) || "response none").slice(9);
  if (turn.startsWith("chance")) return "chance";
  if (!turn.startsWith("p")) return "over";
  return legal.length === 1 ? "forced" : Number(turn.slice(1)) - 1;
}

async function analyseGame() {
  if (R.running) return;
  const nodes = [...lineThrough(G.node)];
  const root = nodes[0];
  const words = nodes.slice(1).map((n) => n.word);
  if (!words.length) { showError("analyse this game: there is no move to analyse yet"); return; }
  R.running = true;
  R.stopped = false;
  R.rows = [];
  R.summary = seats().map(() => ({ moves: 0, loss: 0, inaccuracies: 0, errors: 0, blunders: 0, accuracy: 0, throws: 0, luck: 0, result: null }));
  R.luck = null;
  for (const n of nodes) n.review = null;
  showReviewState();
  if (G.analysis && G.analysis.waiter) G.analysis.send("stop");
  clearInfo("ainfo");
  let e = null, hash = null;
  try {
    e = await analysisEngine();
    R.engine = e;
    // The engine may have analysed another game before this one.
    await configure(e, "", true);
    const setup = [];
    if (e.options.has("MultiPV")) setup.push("setoption name MultiPV value 1");
    if (e.options.has("Hash")) {
      hash = e.options.get("Hash");
      setup.push(`setoption name Hash value ${REVIEW_HASH_MB}`);
    }
    await e.ask(setup);
    if (words.some(isChanceWord)) R.luck = await lineLuck(words);
    const [inaccuracy, error, blunder] = reviewThresholds();
    for (let i = 0; i < words.length && !R.stopped; i++) {
      if (G.tree !== root) { R.stopped = true; break; }
      $("reviewprogress").textContent = `move ${i + 1} of ${words.length}`;
      const base = positionBase(G.start);
      const position = i ? `${base} moves ${words.slice(0, i).join(" ")}` : base;
      const kind = await reviewKind(e, position);
      if (R.stopped) break;
      const row = { ply: i + 1, word: words[i], kind: typeof kind === "number" ? "decision" : kind };
      if (kind === "over") break;
      if (kind === "chance") addLuck(row, nodes[i + 1]);
      if (typeof kind === "number") {
        const best = await reviewSearch(e, position, "");
        if (R.stopped) break;
        const played = best.move === words[i] ? best : await reviewSearch(e, position, ` searchmoves ${words[i]}`);
        if (R.stopped) break;
        const { loss, mateLost } = moveLoss(best.score, played.score);
        const mark = loss >= blunder || mateLost ? "??" : loss >= error ? "?" : loss >= inaccuracy ? "?!" : "";
        Object.assign(row, { player: kind, loss, mark, best: best.move, bestScore: best.score, playedScore: played.score });
        const s = R.summary[kind];
        s.moves++;
        s.loss += loss;
        s.inaccuracies += Number(mark === "?!");
        s.errors += Number(mark === "?");
        s.blunders += Number(mark === "??");
        s.accuracy += moveAccuracy(expectedScore(scoreUnits(best.score)) - expectedScore(scoreUnits(played.score)));
        nodes[i + 1].review = { loss, mark, best: best.move, played: words[i], bestScore: best.score, playedScore: played.score };
        // The position's value from the review, where nothing better is known.
        if (!nodes[i].eval) nodes[i].eval = { score: best.score, wdl: best.wdl, k: kind };
      }
      R.rows.push(row);
      showReviewState();
      render();
    }
  } catch (err) {
    showError(`analyse this game: ${err.message}`);
  } finally {
    if (e && hash !== null && e.alive) await e.ask([`setoption name Hash value ${hash}`]).catch(() => {});
    R.running = false;
    R.engine = null;
    // The result, and so the luck-adjusted result, of a game reviewed to
    // the end that the rules ended.
    if (R.luck && R.luck.result && R.rows.length === words.length) R.luck.result.forEach((r, p) => { if (R.summary[p]) R.summary[p].result = r; });
    $("reviewprogress").textContent = R.stopped ? `stopped after move ${R.rows.length} of ${words.length}` : `${R.rows.length} of ${words.length} moves analysed`;
    showReviewState();
    render();
    analyse();
  }
}

function stopReview() {
  if (!R.running) return;
  R.stopped = true;
  if (R.engine && R.engine.waiter) R.engine.send("stop");
}

// The buttons, the summary per player and the marked moves.
function showReviewState() {
  $("reviewgo").disabled = R.running;
  showLearnButton();
  $("reviewstop").hidden = !R.running;
  const table = $("reviewsummary");
  const head = document.createElement("tr");
  const lucky = R.summary.some((s) => s.throws);
  const columns = ["player", "moves", "average loss", "inaccuracies ?!", "errors ?", "blunders ??", "accuracy"];
  if (lucky) columns.push("luck", "result", "luck-adjusted");
  for (const t of columns) {
    const th = document.createElement("th");
    th.textContent = t;
    head.appendChild(th);
  }
  const rows = R.summary.map((s, k) => {
    const tr = document.createElement("tr");
    tr.dataset.player = String(k + 1);
    const average = s.moves ? s.loss / s.moves : 0;
    const accuracy = s.moves ? `${decimals(s.accuracy / s.moves, 1)}%` : "-";
    const cells = [capital(playerName(k)), s.moves, lossText(average, 1), s.inaccuracies, s.errors, s.blunders, accuracy];
    // As the command's summary: the summed luck, the result (1 a win)
    // and the result less the luck.
    if (lucky) cells.push(luckText(s.luck), s.result === null ? "-" : String(s.result), s.result === null ? "-" : decimals(s.result - s.luck, 4));
    for (const t of cells) {
      const td = document.createElement("td");
      td.textContent = String(t);
      tr.appendChild(td);
    }
    return tr;
  });
  table.replaceChildren(...(rows.length ? [head, ...rows] : []));
  const nodes = lineThrough(G.node);
  const numbers = moveNumbers(nodes.slice(1));
  $("reviewmarks").replaceChildren(...R.rows.filter((r) => r.mark).map((r) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.ply = String(r.ply);
    b.textContent = `${numbers.get(nodes[r.ply]) ?? r.ply}. ${r.word}${r.mark} (${capital(playerName(r.player))}, loss ${lossText(r.loss, 0)}), best ${r.best}`;
    b.addEventListener("click", () => { if (nodes[r.ply]) goTo(nodes[r.ply]); });
    li.appendChild(b);
    return li;
  }));
  showThrows();
}

// Each throw or roll reviewed with its luck for the player deciding after it.
function showThrows() {
  const throws = R.rows.filter((r) => r.luck !== undefined);
  $("reviewluck").hidden = !throws.length;
  const nodes = lineThrough(G.node);
  const numbers = moveNumbers(nodes.slice(1));
  $("reviewthrows").replaceChildren(...(throws.length ? [tableRow("th", ["move", "throw", "for", "luck"])] : []), ...throws.map((r) => {
    const tr = tableRow("td", [numbers.get(nodes[r.ply]) ?? r.ply, r.word, capital(playerName(r.player)), luckText(r.luck)]);
    tr.dataset.ply = String(r.ply);
    return tr;
  }));
}

$("reviewgo").addEventListener("click", analyseGame);
$("reviewstop").addEventListener("click", stopReview);

// For tests: each reviewed ply (`kind` decision, forced or chance; the
// loss, mark and best move of a decision) and the summary per player.
window.agonReview = {
  running: () => R.running,
  rows: () => R.rows.map((r) => ({ ...r })),
  summary: () => R.summary.map((s) => ({ ...s })),
};
