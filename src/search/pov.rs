//! Values that say whose side they are from. A search value is always
//! some player's: the mover's (negamax), the root's mover's, the player
//! who decides after a throw. [`Pov`] keeps that player with the value,
//! so turning it to another player's side is one call instead of a
//! hand-written `if p != view { -v }` at each place (after board-game-rs's
//! `pov` module).

use crate::game::Player;
use std::ops::Neg;

/// `value` from the side of `player`, in a game where one player's gain
/// is the other's loss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pov<T> {
    pub player: Player,
    pub value: T,
}

impl<T: Neg<Output = T>> Pov<T> {
    pub fn new(player: Player, value: T) -> Self {
        Pov { player, value }
    }

    /// The value from `player`'s side: the same for its own player, the
    /// negation for any other (every other player is its opponent).
    pub fn for_player(self, player: Player) -> T {
        if player == self.player {
            self.value
        } else {
            -self.value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_turns_only_for_another_player() {
        assert_eq!(Pov::new(1, 30).for_player(1), 30);
        assert_eq!(Pov::new(1, 30).for_player(0), -30);
        assert_eq!(Pov::new(0, -2.5).for_player(1), 2.5);
    }
}
