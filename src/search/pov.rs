//! Values that say whose side they are from. A search value is always
//! some player's: the mover's (negamax), the root's mover's, the player
//! who decides after a throw. [`Pov`] keeps that player with the value,
//! so turning it to another player's side is one call instead of a
//! hand-written `if p != view { -v }` at each place (after board-game-rs's
//! `pov` module). Sides are teams: a value is the same for every player of
//! one team and turns for the other team (two-team searches only).

use crate::game::{Game, Player};
use std::ops::Neg;

/// `value` from the side of `player`('s team), in a game where one team's
/// gain is the other's loss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pov<T> {
    pub player: Player,
    pub value: T,
}

impl<T: Neg<Output = T>> Pov<T> {
    pub fn new(player: Player, value: T) -> Self {
        Pov { player, value }
    }

    /// The value from `player`'s side in `game`: the same for a player of
    /// its own team, the negation for one of the other team.
    pub fn for_player<G: Game>(self, game: &G, player: Player) -> T {
        if game.team_of(player) == game.team_of(self.player) {
            self.value
        } else {
            -self.value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames::trirace::TriRace;

    #[test]
    fn a_value_turns_only_for_the_other_team() {
        let duel = TriRace::with("players=2");
        assert_eq!(Pov::new(1, 30).for_player(&duel, 1), 30);
        assert_eq!(Pov::new(1, 30).for_player(&duel, 0), -30);
        assert_eq!(Pov::new(0, -2.5).for_player(&duel, 1), 2.5);
        // p1 and p3 against p2 and p4.
        let pairs = TriRace::with("players=4 teams=on");
        assert_eq!(Pov::new(0, 30).for_player(&pairs, 2), 30);
        assert_eq!(Pov::new(0, 30).for_player(&pairs, 3), -30);
        assert_eq!(Pov::new(3, 7).for_player(&pairs, 1), 7);
    }
}
