//! The networks embedded in the binary: [`shipped_net!`] gives a game its
//! [`ShippedNet`](super::ShippedNet) from a file next to its rules, read
//! once on first use.

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
                static NET: std::sync::OnceLock<Option<std::sync::Arc<$crate::nnue::Network>>> =
                    std::sync::OnceLock::new();
                NET.get_or_init(|| {
                    $crate::nnue::Network::from_bytes(
                        include_bytes!($file),
                        <$game as $crate::game::Game>::NAME,
                    )
                    .ok()
                    .map(std::sync::Arc::new)
                })
                .as_ref()
            }
            const NET_BY_DEFAULT: bool = $default;
        }
    };
}
