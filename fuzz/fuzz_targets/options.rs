//! Options and settings text: `GameOptions` of every game (the first
//! byte picks the game), the settings table's value check
//! (src/settings/mod.rs, the setting picked by the second byte), engine
//! specs (`agon match --a "…"`, src/arena/spec.rs) and weight sets
//! (`weights=…`). Options that parse make a game whose options print
//! and parse back to themselves; weights that parse evaluate a position.

#![no_main]

mod common;

use agon::arena::spec::EngineSpec;
use agon::game::{EvalResources, Evaluator, GameOptions, Playable, Status, WeightSet};
use agon::games::GameKind;
use agon::settings::{self, SETTINGS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [game, setting, rest @ ..] = data else {
        return;
    };
    let text = common::text(rest);
    let kind = GameKind::ALL[usize::from(*game) % GameKind::ALL.len()];
    if let Ok(options) = GameOptions::parse(&text, kind.option_specs()) {
        let kind = kind.for_options(&options);
        agon::with_game!(kind, G => start::<G>(&options));
    }
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let spec = &SETTINGS[usize::from(*setting) % SETTINGS.len()];
    let mut config = settings::default_config();
    if let Ok(s) = spec.check(&text, &games) {
        settings::apply(&mut config, &s);
    }
    if let Ok(s) = spec.check_spec(&text) {
        settings::apply(&mut config, &s);
    }
    let (name, value) = text.split_once(" value ").unwrap_or((&text, ""));
    let _ = settings::parse_setting(name, Some(value), &games);
    // Not `evalfile`: it reads the file it names.
    if !text.to_ascii_lowercase().contains("evalfile") {
        let _ = EngineSpec::parse(&text);
    }
    if let Ok(w) = WeightSet::parse(&text) {
        agon::with_game!(kind, G => weigh::<G>(&w));
    }
});

fn start<G: Playable>(options: &GameOptions) {
    let Ok(pos) = G::new(options) else {
        return;
    };
    let normal = pos.options();
    let again = GameOptions::parse(&normal.to_string(), G::option_specs())
        .unwrap_or_else(|e| panic!("options {normal} do not parse back: {e}"));
    assert_eq!(&again, normal);
    let _ = normal.differing(G::option_specs());
    let _ = common::legal(&pos);
}

fn weigh<G: Playable>(w: &WeightSet) {
    let res = EvalResources {
        weights: Some(*w),
        ..EvalResources::default()
    };
    let Ok(eval) = G::evaluator_with(&res) else {
        return;
    };
    let pos = G::new(&GameOptions::defaults(G::option_specs())).expect("the start");
    if let Status::Decision(p) = pos.status() {
        let _ = eval.evaluate_for(&pos, p);
    }
}
