//! The networks embedded in the binary: [`shipped_net!`] gives a game its
//! [`ShippedNet`](super::ShippedNet) from a file next to its rules, read
//! once on first use.

use super::Network;
use std::sync::{Arc, OnceLock};

/// `shipped_net!(Zamma, "zamma.nnue", true)`: the game's embedded net
/// (the path as `include_bytes!` takes it) and whether `Eval=auto` uses
/// it; `shipped_net!(Game)` for a game with none yet.
#[macro_export]
macro_rules! shipped_net {
    ($game:ty) => {
        impl $crate::nnue::ShippedNet for $game {
            fn shipped() -> Option<&'static std::sync::Arc<$crate::nnue::Network>> {
                None
            }
            const NET_BY_DEFAULT: bool = false;
        }
    };
    ($game:ty, $file:expr, $default:expr) => {
        impl $crate::nnue::ShippedNet for $game {
            fn shipped() -> Option<&'static std::sync::Arc<$crate::nnue::Network>> {
                static NET: $crate::nnue::shipped::Cell = $crate::nnue::shipped::Cell::new();
                $crate::nnue::shipped::load(
                    &NET,
                    include_bytes!($file),
                    <$game as $crate::game::Game>::NAME,
                )
            }
            const NET_BY_DEFAULT: bool = $default;
        }
    };
}

/// Where a game keeps its embedded net once read; `None` if the bytes
/// do not parse, which the test below rules out for every default net.
pub type Cell = OnceLock<Option<Arc<Network>>>;

/// The net in `bytes`, read into `cell` on first use.
pub fn load(
    cell: &'static Cell,
    bytes: &'static [u8],
    game: &str,
) -> Option<&'static Arc<Network>> {
    cell.get_or_init(|| Network::from_bytes(bytes, game).ok().map(Arc::new))
        .as_ref()
}

#[cfg(test)]
mod tests {
    use crate::games::abalone::Abalone;
    use crate::games::petteia::{Kubeia, Petteia};
    use crate::games::zamma::Zamma;
    use crate::nnue::ShippedNet;

    fn parses_if_default<G: ShippedNet>() -> bool {
        !G::NET_BY_DEFAULT || G::shipped().is_some()
    }

    #[test]
    fn every_default_net_parses() {
        assert!(parses_if_default::<Abalone>());
        assert!(parses_if_default::<Petteia>());
        assert!(parses_if_default::<Kubeia>());
        assert!(parses_if_default::<Zamma>());
    }

    #[test]
    fn petteia_and_kubeia_read_each_their_own_net() {
        // One generic impl serves both; each must read its own file,
        // whichever is asked for first.
        let kubeia = Kubeia::shipped().expect("Kubeia's net parses");
        let petteia = Petteia::shipped().expect("Petteia's net parses");
        assert!(kubeia.name.starts_with("kubeia-"), "{}", kubeia.name);
        assert!(petteia.name.starts_with("petteia-"), "{}", petteia.name);
    }
}
