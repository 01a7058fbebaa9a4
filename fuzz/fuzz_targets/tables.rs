//! Exact table files as `EndgamePath` reads them: Zamma's endgame
//! databases (src/games/zamma/endgame/file.rs) when the first byte is
//! even, Palma's endgame tables (src/games/palma/eval/endgame_file.rs)
//! when it is odd; the rest is the file. Reading never panics, and
//! allocates no more than the file's length asks for.

#![no_main]

use std::io::Cursor;

use agon::games::palma::eval::endgame_file::read_from;
use agon::games::zamma::endgame::Tables;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    if pick & 1 == 0 {
        let _ = Tables::read(&mut Cursor::new(rest));
    } else {
        let _ = read_from(&mut Cursor::new(rest), rest.len() as u64);
    }
});
