//! Folders for a test's files that go away with the test.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder of its own under the system's temporary folder, removed with
/// its files when dropped: after a failing test too, since a panic
/// unwinds through the drop. Its name is unique in the run, so tests
/// that run at once never share one.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty folder named `agon-<what>-<process>-<n>`.
    pub fn new(what: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("agon-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path of `name` in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `text` to `file` (a path relative to the folder, its
    /// folders made as needed).
    pub fn write(&self, file: &str, text: &str) {
        let path = self.0.join(file);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("a scratch folder");
        }
        std::fs::write(path, text).expect("a scratch file");
    }

    /// A FIFO named `name` in the folder: opening one for reading waits
    /// for a writer, which readers of files must not do.
    pub fn fifo(&self, name: &str) -> PathBuf {
        let path = self.join(name);
        let c = std::ffi::CString::new(path.to_string_lossy().into_owned()).expect("no NUL");
        // SAFETY: `c` is a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
