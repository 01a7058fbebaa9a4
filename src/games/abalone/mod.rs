//! Abalone (placeholder: the rules arrive with issue 2's Abalone work).

use crate::game::{Game, GameError, GameOptions, OptionSpec, Status};

#[derive(Clone, Debug)]
pub struct Abalone {
    options: GameOptions,
}

impl Game for Abalone {
    type Move = u32;
    const NAME: &'static str = "abalone";
    const PLAYER_NAMES: &'static [&'static str] = &["black", "white"];
    const WHITE: u8 = 1;
    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }
    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Abalone {
            options: options.clone(),
        })
    }
    fn from_position(_text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        Err(GameError::new("not yet"))
    }
    fn position(&self) -> String {
        String::new()
    }
    fn options(&self) -> &GameOptions {
        &self.options
    }
    fn status(&self) -> Status {
        Status::Decision(0)
    }
    fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
    }
    fn play(&mut self, _m: u32) {}
    fn hash(&self) -> u64 {
        0
    }
    fn hash_from_scratch(&self) -> u64 {
        0
    }
    fn move_text(&self, m: u32) -> String {
        m.to_string()
    }
    fn parse_move(&self, _text: &str) -> Result<u32, GameError> {
        Err(GameError::new("not yet"))
    }
    fn board_text(&self) -> String {
        String::new()
    }
    fn ply(&self) -> u32 {
        0
    }
}
