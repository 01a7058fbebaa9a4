//! Engine processes that agon starts (the referee's external engines, the
//! page's engines in `agon gui`): each leads a process group of its own,
//! so that killing it also kills whatever it started (a wrapper script's
//! engine, helpers), which a kill of the child alone would leave behind.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};

/// Makes the program `command` starts the leader of a new process group
/// (its id = its pid), for [`kill_group`].
pub fn in_own_group(command: &mut Command) -> &mut Command {
    command.process_group(0)
}

/// SIGKILL to the process group `child` leads. Once the leader is reaped
/// its id stays reserved as long as any process of its group lives, so the
/// signal reaches that group or nobody.
pub fn kill_group(child: &Child) {
    let Ok(pgid) = libc::pid_t::try_from(child.id()) else {
        return;
    };
    if pgid > 0 {
        // SAFETY: kill(2) takes plain integers; a negative pid names a
        // process group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}
