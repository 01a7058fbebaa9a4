//! A game record as read from a file (APGN for Abalone, the transcription
//! format for Petteia/Kubeia): where it started, its moves in notation, and
//! how it ended, if the record says.

use super::Outcome;

/// One recorded game.
#[derive(Clone, Debug)]
pub struct GameRecord<G> {
    pub start: G,
    pub moves: Vec<String>,
    /// `None` when the record gives no result (`*`).
    pub result: Option<Outcome>,
}
