//! The Game contract, stated once and checked for every game and its
//! notable option sets: the incremental hash equals the hash from scratch
//! after every move, the position string and the options round-trip, every
//! move and chance outcome text parses back to it, `count_moves` equals the
//! number of moves, a node is exactly one of decision (distinct moves), chance
//! (distinct outcomes whose probabilities sum to 1) or over (neither), the
//! search hooks stay in range, and garbage or near-miss input (position
//! strings, move texts) gives an error, never a panic or an illegal move.
//!
//! Game-specific properties stay in the `<game>_props.rs` files, which call
//! [`check_node`] on their own playouts.

use agon::game::walk::random_ply;
use agon::game::{
    Evaluator, Game, GameOptions, Notation, Playable, Player, Status, EVAL_LIMIT, HISTORY_SIZE,
};
use agon::games::abalone::Abalone;
use agon::games::palma::Palma;
use agon::games::petteia::{Kubeia, Petteia};
use agon::games::zamma::Zamma;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Moves per node whose text is round-tripped and whose child is checked.
const MAX_EDGES_CHECKED: usize = 256;

/// Checks every contract property at `pos`; `evaluate` also checks the
/// evaluator's range (some option sets build slow tables on first use).
pub fn check_node<G: Playable>(pos: &G, evaluate: bool) -> Result<(), String> {
    let text = pos.position();
    let at = |what: String| format!("{}: {what} at '{text}'", G::NAME);
    if pos.hash() != pos.hash_from_scratch() {
        return Err(at("hash differs from the hash from scratch".into()));
    }
    let opts = pos.options();
    let reparsed = GameOptions::parse(&opts.to_string(), G::option_specs())
        .map_err(|e| at(format!("options '{opts}' do not parse back: {e}")))?;
    if &reparsed != opts {
        return Err(at(format!("options '{opts}' are not normalised")));
    }
    let back = G::from_position(&text, opts).map_err(|e| at(format!("position refused: {e}")))?;
    if back.position() != text || back.hash() != pos.hash() || back.status() != pos.status() {
        return Err(at(format!(
            "position round trip gives '{}' ({:?})",
            back.position(),
            back.status()
        )));
    }
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    pos.moves(&mut moves);
    pos.outcomes(&mut outcomes);
    if pos.count_moves() != moves.len() {
        return Err(at(format!(
            "count_moves {} but {} moves",
            pos.count_moves(),
            moves.len()
        )));
    }
    match pos.status() {
        Status::Over(_) => {
            if !moves.is_empty() || !outcomes.is_empty() {
                return Err(at("a finished game has moves or outcomes".into()));
            }
        }
        Status::Chance => {
            if !moves.is_empty() || outcomes.is_empty() {
                return Err(at("a chance node needs outcomes and no moves".into()));
            }
            let total: f64 = outcomes.iter().map(|o| o.1).sum();
            if (total - 1.0).abs() > 1e-9 || outcomes.iter().any(|o| o.1 <= 0.0) {
                return Err(at(format!("outcome probabilities sum to {total}")));
            }
        }
        Status::Decision(p) => {
            if moves.is_empty() || !outcomes.is_empty() {
                return Err(at("a decision node needs moves and no outcomes".into()));
            }
            if usize::from(p) >= pos.num_players() {
                return Err(at(format!("player {p} moves")));
            }
            let v = G::Evaluator::default().evaluate(pos);
            if evaluate && v.abs() > EVAL_LIMIT {
                return Err(at(format!("evaluation {v} out of range")));
            }
            check_search_moves(pos, &moves).map_err(at)?;
            check_pass(pos, p).map_err(at)?;
        }
    }
    let edges: Vec<G::Move> = moves
        .iter()
        .copied()
        .chain(outcomes.iter().map(|o| o.0))
        .collect();
    let mut seen = std::collections::HashSet::with_capacity(edges.len());
    for &m in &edges {
        if !seen.insert(m) {
            return Err(at(format!("{m:?} is listed twice")));
        }
    }
    // Zamma's flying chains give some positions hundreds of thousands of
    // moves; a spread of them keeps the node's check linear.
    let stride = edges.len().div_ceil(MAX_EDGES_CHECKED).max(1);
    for (i, &m) in edges.iter().step_by(stride).enumerate() {
        let mt = pos.move_text(m);
        if pos.parse_move(&mt) != Ok(m) {
            return Err(at(format!("'{mt}' parses as {:?}", pos.parse_move(&mt))));
        }
        if pos.history_index(m) >= HISTORY_SIZE {
            return Err(at(format!("history index of '{mt}' out of range")));
        }
        let mut child = pos.clone();
        child.play(m);
        if child.hash() != child.hash_from_scratch() {
            return Err(at(format!("after '{mt}' the hash differs from scratch")));
        }
        // A few per node: parsing checks legality, which costs a move
        // generation each time.
        if i < 3 {
            near_miss_moves(pos, &mt, &edges)?;
        }
    }
    Ok(())
}

/// Quiescence's generator gives exactly the forcing moves and says
/// whether they are all the moves; the table's packing of a decision
/// node's `moves` unpacks to the same move.
fn check_search_moves<G: Playable>(pos: &G, moves: &[G::Move]) -> Result<(), String> {
    let mut forcing = Vec::new();
    let all = pos.forcing_moves(&mut forcing);
    let filtered: std::collections::HashSet<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_forcing(m))
        .collect();
    if forcing.len() != filtered.len() || !forcing.iter().all(|m| filtered.contains(m)) {
        return Err(format!(
            "forcing_moves gives {} moves, {} are forcing",
            forcing.len(),
            filtered.len()
        ));
    }
    if all != (filtered.len() == moves.len()) {
        return Err(format!("forcing_moves says all-forcing is {all}"));
    }
    let stride = moves.len().div_ceil(MAX_EDGES_CHECKED).max(1);
    for (i, &m) in moves.iter().enumerate().step_by(stride) {
        if let Some(p) = pos.pack_move(m, i) {
            if p == u16::MAX || pos.unpack_move(p, moves) != Some(m) {
                return Err(format!("'{}' packs as {p}", pos.move_text(m)));
            }
        }
    }
    Ok(())
}

/// A pass (null-move pruning's position), where the game has one, is the
/// same position one ply on with another player to move: its hash is the
/// hash from scratch and differs from the node's.
fn check_pass<G: Playable>(pos: &G, mover: Player) -> Result<(), String> {
    let Some(passed) = pos.passed() else {
        return Ok(());
    };
    if passed.hash() != passed.hash_from_scratch() || passed.hash() == pos.hash() {
        return Err("the pass's hash is not its own from scratch".into());
    }
    if passed.ply() != pos.ply() + 1 {
        return Err(format!("the pass is at ply {}", passed.ply()));
    }
    match passed.status() {
        Status::Decision(p) if p != mover => Ok(()),
        s => Err(format!("after a pass by {mover}: {s:?}")),
    }
}

/// Texts one edit away from a legal move's text parse to a legal move or
/// give an error.
fn near_miss_moves<G: Notation>(pos: &G, text: &str, edges: &[G::Move]) -> Result<(), String> {
    for variant in edits(text).into_iter().take(12) {
        if let Ok(m) = pos.parse_move(&variant) {
            if !edges.contains(&m) {
                return Err(format!(
                    "{}: '{variant}' parses to {m:?}, which is not legal at '{}'",
                    G::NAME,
                    pos.position()
                ));
            }
        }
    }
    Ok(())
}

/// Strings one edit away from `text`: a character dropped, doubled or
/// replaced, the text cut short.
fn edits(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        let mut dropped = chars.clone();
        dropped.remove(i);
        out.push(dropped.iter().collect());
        let mut doubled = chars.clone();
        doubled.insert(i, chars[i]);
        out.push(doubled.iter().collect());
        for c in ['0', '9', 'x', '-', '/', ' ', 'é'] {
            let mut replaced = chars.clone();
            replaced[i] = c;
            out.push(replaced.iter().collect());
        }
        out.push(chars[..i].iter().collect());
    }
    out
}

/// Position strings one edit away from a real one are refused or accepted
/// as positions that keep the contract.
fn near_miss_positions<G: Playable>(pos: &G, rng: &mut Pcg64) -> Result<(), String> {
    let all = edits(&pos.position());
    for _ in 0..8 {
        let variant = &all[rng.gen_range(0..all.len())];
        if let Ok(p) = G::from_position(variant, pos.options()) {
            check_node(&p, false).map_err(|e| format!("accepted near miss '{variant}': {e}"))?;
        }
    }
    Ok(())
}

/// Random playouts from the start of `options`, checking every node.
pub fn check_game<G: Playable>(options: &str, games: u64, plies: usize, evaluate: bool) {
    let opts = GameOptions::parse(options, G::option_specs()).expect("test options");
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..games {
        let mut rng = Pcg64::seed_from_u64(seed);
        let mut pos = G::new(&opts).expect("start position");
        for ply in 0..plies {
            let checked =
                check_node(&pos, evaluate).and_then(|()| near_miss_positions(&pos, &mut rng));
            if let Err(e) = checked {
                panic!("options '{options}', game {seed}, ply {ply}: {e}");
            }
            let Some(m) = random_ply(&pos, &mut rng, &mut moves, &mut outcomes) else {
                break;
            };
            pos.play(m);
        }
    }
}

/// Garbage (random text) as a position string, a move or options: errors.
fn garbage_is_refused<G: Playable>(games: u64) {
    let opts = GameOptions::parse("", G::option_specs()).expect("default options");
    let start = G::new(&opts).expect("start position");
    let mut rng = Pcg64::seed_from_u64(1);
    let alphabet: Vec<char> =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /-x>:=*,.é\u{3b1}"
            .chars()
            .collect();
    for _ in 0..games * 50 {
        let len = rng.gen_range(0..60);
        let text: String = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        if let Ok(p) = G::from_position(&text, &opts) {
            check_node(&p, false).unwrap_or_else(|e| panic!("accepted garbage '{text}': {e}"));
        }
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        start.moves(&mut legal);
        start.outcomes(&mut outcomes);
        legal.extend(outcomes.iter().map(|o| o.0));
        if let Ok(m) = start.parse_move(&text) {
            assert!(legal.contains(&m), "{}: '{text}' parsed to {m:?}", G::NAME);
        }
        let _ = GameOptions::parse(&text, G::option_specs());
    }
}

#[test]
fn abalone_keeps_the_contract() {
    for options in [
        "",
        "layout=belgian princess=on",
        "layout=german max_plies=40",
        "layout=dutch repetition=none",
        "layout=swiss",
    ] {
        check_game::<Abalone>(options, 4, 120, true);
    }
    garbage_is_refused::<Abalone>(20);
}

#[test]
fn zamma_keeps_the_contract() {
    for options in [
        "",
        "board=full",
        "board=orthogonal",
        "mullah_landing=continue quiet_plies=off",
    ] {
        check_game::<Zamma>(options, 4, 200, true);
    }
    garbage_is_refused::<Zamma>(20);
}

#[test]
fn petteia_keeps_the_contract() {
    for options in ["", "kings=mirror nocapture_plies=40 greek=on"] {
        check_game::<Petteia>(options, 3, 200, true);
    }
    garbage_is_refused::<Petteia>(20);
}

#[test]
fn kubeia_keeps_the_contract() {
    for options in ["", "nocapture_plies=60"] {
        check_game::<Kubeia>(options, 3, 200, true);
    }
    garbage_is_refused::<Kubeia>(20);
}

#[test]
fn palma_keeps_the_contract() {
    for options in [
        "",
        "first=jackals",
        "extra_squares=5,15",
        "shortcuts=none",
        "shortcuts=7>13,16>27 extra_squares=none",
    ] {
        check_game::<Palma>(options, 4, 400, true);
    }
    // The reverse race table takes seconds to build; palma_race covers it.
    check_game::<Palma>("reverse=on", 4, 400, false);
    garbage_is_refused::<Palma>(20);
}

/// `game::walk`, through throws and the ends of games: every position a
/// decision, every move one of its moves, and games started again.
#[test]
fn a_random_walk_gives_decisions_and_their_moves_across_games() {
    use agon::game::walk::RandomWalk;
    let start = Palma::new(&Default::default()).expect("the start");
    let mut moves = Vec::new();
    let mut ends = 0;
    for (pos, m) in RandomWalk::new(&start, Pcg64::seed_from_u64(5)).take(3000) {
        assert!(matches!(pos.status(), agon::game::Status::Decision(_)));
        pos.moves(&mut moves);
        assert!(moves.contains(&m));
        let mut child = pos;
        child.play(m);
        ends += usize::from(child.status().is_over());
    }
    assert!(ends > 1, "{ends} games ended");
}
