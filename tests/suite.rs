//! The integration tests, as one test binary: each file of `tests/` is a
//! module here, so the whole suite links once (with release LTO, one link
//! per test file dominated the build). Run one file's tests with a filter:
//! `cargo test --release --test suite abalone_perft::`.

// Helpers that several test files share.
mod common;
mod naive;

#[path = "abalone_naive_sanity.rs"]
mod abalone_naive_sanity;
#[path = "abalone_perft.rs"]
mod abalone_perft;
#[path = "abalone_props.rs"]
mod abalone_props;
#[path = "abalone_replay.rs"]
mod abalone_replay;
#[path = "abalone_tactics.rs"]
mod abalone_tactics;
#[path = "arena_mirror.rs"]
mod arena_mirror;
#[path = "arena_referee.rs"]
mod arena_referee;
#[path = "arena_seating.rs"]
mod arena_seating;
#[path = "cli_analyse.rs"]
mod cli_analyse;
#[path = "cli_args.rs"]
mod cli_args;
#[path = "cli_match.rs"]
mod cli_match;
#[path = "cli_match_bench.rs"]
mod cli_match_bench;
#[path = "cli_match_players.rs"]
mod cli_match_players;
#[path = "cli_perft.rs"]
mod cli_perft;
#[path = "cli_tune_spsa.rs"]
mod cli_tune_spsa;
#[path = "datagen_cmd.rs"]
mod datagen_cmd;
#[path = "docs_agree.rs"]
mod docs_agree;
#[path = "expectimax.rs"]
mod expectimax;
#[path = "game_contract.rs"]
mod game_contract;
#[path = "gui_analysis.rs"]
mod gui_analysis;
#[path = "gui_board.rs"]
mod gui_board;
#[path = "gui_browser.rs"]
mod gui_browser;
#[path = "gui_files.rs"]
mod gui_files;
#[path = "gui_play.rs"]
mod gui_play;
#[path = "gui_prefs.rs"]
mod gui_prefs;
#[path = "gui_review.rs"]
mod gui_review;
#[path = "gui_server.rs"]
mod gui_server;
#[path = "kubeia_match.rs"]
mod kubeia_match;
#[path = "layering.rs"]
mod layering;
#[path = "match_records.rs"]
mod match_records;
#[path = "nnue_engine.rs"]
mod nnue_engine;
#[path = "nplayer.rs"]
mod nplayer;
#[path = "openings_files.rs"]
mod openings_files;
#[path = "palma_endgame.rs"]
mod palma_endgame;
#[path = "palma_perft.rs"]
mod palma_perft;
#[path = "palma_props.rs"]
mod palma_props;
#[path = "palma_race.rs"]
mod palma_race;
#[path = "palma_rules.rs"]
mod palma_rules;
#[path = "petteia_eval.rs"]
mod petteia_eval;
#[path = "petteia_perft.rs"]
mod petteia_perft;
#[path = "petteia_props.rs"]
mod petteia_props;
#[path = "petteia_record.rs"]
mod petteia_record;
#[path = "petteia_rules.rs"]
mod petteia_rules;
#[path = "protocol.rs"]
mod protocol;
#[path = "protocol_bestmove.rs"]
mod protocol_bestmove;
#[path = "protocol_bounded.rs"]
mod protocol_bounded;
#[path = "protocol_clock.rs"]
mod protocol_clock;
#[path = "protocol_first_go.rs"]
mod protocol_first_go;
#[path = "protocol_fuzz.rs"]
mod protocol_fuzz;
#[path = "protocol_greeting.rs"]
mod protocol_greeting;
#[path = "protocol_input_limits.rs"]
mod protocol_input_limits;
#[path = "protocol_nplayer.rs"]
mod protocol_nplayer;
#[path = "protocol_ponder_mate.rs"]
mod protocol_ponder_mate;
#[path = "protocol_pv_agrees.rs"]
mod protocol_pv_agrees;
#[path = "protocol_scale.rs"]
mod protocol_scale;
#[path = "protocol_transcripts.rs"]
mod protocol_transcripts;
#[path = "search_abalone.rs"]
mod search_abalone;
#[path = "search_abalone_multi.rs"]
mod search_abalone_multi;
#[path = "search_all_games.rs"]
mod search_all_games;
#[path = "search_legality.rs"]
mod search_legality;
#[path = "search_mcts.rs"]
mod search_mcts;
#[path = "search_nplayer.rs"]
mod search_nplayer;
#[path = "search_rearmost.rs"]
mod search_rearmost;
#[path = "search_teams.rs"]
mod search_teams;
#[path = "strength_levels.rs"]
mod strength_levels;
#[path = "time_budget.rs"]
mod time_budget;
#[path = "tune_spsa.rs"]
mod tune_spsa;
#[path = "webdriver_smoke.rs"]
mod webdriver_smoke;
#[path = "zamma_perft.rs"]
mod zamma_perft;
#[path = "zamma_props.rs"]
mod zamma_props;
#[path = "zamma_rules.rs"]
mod zamma_rules;
#[path = "zamma_tables.rs"]
mod zamma_tables;
#[path = "zamma_tactics.rs"]
mod zamma_tactics;
