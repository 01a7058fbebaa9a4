//! Legal moves with 3, 4 and 6 players, the long way round: the rules
//! file's "whole test, for player P" tried from every own marble in every
//! direction, broadsides of own marbles only, and `pass` for a player left
//! without a move while someone else still has one.

use super::position::{Player, Position};
use crate::naive::abalone::board::{
    all_cells, cell_name, on_board, step, Cell, Dir, AXES, DIRECTIONS,
};

/// A move: `pass`, or the set of marbles moved (the pushing line, own and
/// partner marbles; sorted) and the direction (PERFT.md: "a move = the set
/// of marbles moved + the direction").
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pass,
    Marbles {
        marbles: Vec<Cell>,
        dir: Dir,
        /// Along the line of the marbles (a single marble is in-line).
        inline: bool,
    },
}

/// Whether `cell` holds a marble of the team of `p` (own or partner).
fn team_marble(pos: &Position, p: Player, cell: Cell) -> bool {
    pos.get(cell).is_some_and(|q| pos.same_team(p, q))
}

/// Whether `cell` holds a marble of a player outside `p`'s team.
fn opponent_marble(pos: &Position, p: Player, cell: Cell) -> bool {
    pos.get(cell).is_some_and(|q| !pos.same_team(p, q))
}

/// The in-line move of `p` whose rearmost marble is `x`, going `dir`, if
/// legal: steps 1 to 3 of the rules' test.
fn inline_move(pos: &Position, p: Player, x: Cell, dir: Dir) -> Option<Move> {
    // 1. The line L: team marbles from x on.
    let mut line = vec![x];
    let mut next = step(x, dir);
    while team_marble(pos, p, next) {
        line.push(next);
        next = step(next, dir);
    }
    if line.len() > 3 || !on_board(next) {
        return None;
    }
    let legal = if pos.get(next).is_none() {
        // 2. A plain move: own marbles only.
        line.iter().all(|&c| pos.get(c) == Some(p))
    } else {
        // 3. A sumito: the run R of opponent marbles, whatever their colours,
        // shorter than L, followed by an empty cell or the edge.
        let mut run = 0;
        while opponent_marble(pos, p, next) {
            run += 1;
            next = step(next, dir);
        }
        let room = !on_board(next) || pos.get(next).is_none();
        line.len() >= 2 && run < line.len() && room
    };
    legal.then(|| {
        line.sort();
        Move::Marbles {
            marbles: line,
            dir,
            inline: true,
        }
    })
}

/// Step 4: every broadside of 2 or 3 of `p`'s own marbles: all
/// destinations on the board and empty.
fn broadside_moves(pos: &Position, p: Player, out: &mut Vec<Move>) {
    let own = |c: Cell| pos.get(c) == Some(p);
    for x in all_cells().into_iter().filter(|&c| own(c)) {
        for axis in AXES {
            let mut group = vec![x];
            for _ in 0..2 {
                let further = step(*group.last().expect("not empty"), axis);
                if !own(further) {
                    break;
                }
                group.push(further);
                for dir in DIRECTIONS {
                    if dir == axis || dir == (-axis.0, -axis.1) {
                        continue;
                    }
                    let free = group.iter().all(|&c| {
                        let to = step(c, dir);
                        on_board(to) && pos.get(to).is_none()
                    });
                    if free {
                        let mut marbles = group.clone();
                        marbles.sort();
                        out.push(Move::Marbles {
                            marbles,
                            dir,
                            inline: false,
                        });
                    }
                }
            }
        }
    }
}

/// The marble moves of `p` on this board (no `pass`).
pub fn marble_moves(pos: &Position, p: Player) -> Vec<Move> {
    let mut out = Vec::new();
    for x in pos.marbles(p) {
        for dir in DIRECTIONS {
            out.extend(inline_move(pos, p, x, dir));
        }
    }
    broadside_moves(pos, p, &mut out);
    out
}

/// The legal moves of the player to move: none once a side has 6; the
/// marble moves; else `pass` if any other player has a marble move; else
/// none (nobody can move: the game is a draw).
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    if pos.winner().is_some() {
        return Vec::new();
    }
    let moves = marble_moves(pos, pos.to_move);
    if !moves.is_empty() {
        return moves;
    }
    let someone_can_move = (0..pos.players).any(|q| !marble_moves(pos, q).is_empty());
    if someone_can_move {
        vec![Move::Pass]
    } else {
        Vec::new()
    }
}

/// The position after a legal move: the line moves one cell, an in-line
/// move pushes the opponent marbles in front of it, a marble pushed off the
/// board scores for the mover.
pub fn play(pos: &Position, m: &Move) -> Position {
    let mut next = pos.clone();
    next.to_move = pos.next_player(pos.to_move);
    next.ply = pos.ply.map(|p| p + 1);
    let Move::Marbles {
        marbles,
        dir,
        inline,
    } = m
    else {
        return next;
    };
    let mut moving = marbles.clone();
    if *inline {
        let front = *marbles
            .iter()
            .find(|&&c| !marbles.contains(&step(c, *dir)))
            .expect("a line has a front marble");
        let mut cell = step(front, *dir);
        while opponent_marble(pos, pos.to_move, cell) {
            moving.push(cell);
            cell = step(cell, *dir);
        }
    }
    for &c in &moving {
        next.set(c, None);
    }
    for &c in &moving {
        let to = step(c, *dir);
        if on_board(to) {
            next.set(to, pos.get(c));
        } else {
            next.scores[pos.to_move] += 1;
        }
    }
    next
}

/// Aba-Pro text: an in-line move is its trailing marble and the cell it
/// steps to, a broadside the two end marbles (lower end first) and the
/// lower end's destination; `pass`.
pub fn move_text(m: &Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Marbles {
            marbles,
            dir,
            inline: true,
        } => {
            let trailing = *marbles
                .iter()
                .find(|&&c| !marbles.contains(&step(c, (-dir.0, -dir.1))))
                .expect("a line has a trailing marble");
            format!("{}{}", cell_name(trailing), cell_name(step(trailing, *dir)))
        }
        Move::Marbles { marbles, dir, .. } => {
            let lo = marbles[0];
            let hi = marbles[marbles.len() - 1];
            format!(
                "{}{}{}",
                cell_name(lo),
                cell_name(hi),
                cell_name(step(lo, *dir))
            )
        }
    }
}
