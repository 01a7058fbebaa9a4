//! Reading the files a user names (records, openings, data, networks,
//! checkpoints): only regular files, and only up to a size bound. A path
//! may name a FIFO (whose `open` blocks until a writer comes, so an
//! engine would stop answering), a device (`/dev/zero`, `/dev/full`:
//! endless bytes that a whole-file read keeps taking) or a file far larger
//! than any of agon's; each is one error instead.

use std::io::{self, Read as _};
use std::path::Path;

/// The largest text file of games agon reads (record, openings and tuning
/// files): a match of a hundred thousand long games fits several times.
pub const MAX_TEXT_BYTES: u64 = 1 << 30;

/// The whole of the regular file `path` if it holds at most `max_bytes`;
/// otherwise an error whose text says why ("not a regular file (a
/// FIFO)", "larger than the 64 MiB limit"), for the caller to put after
/// the file's name.
pub fn read_regular(path: &Path, max_bytes: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path, max_bytes)?;
    let mut bytes = Vec::new();
    // Bounded even so: a file that grows while it is read.
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(max_bytes));
    }
    Ok(bytes)
}

/// The regular file `path`, opened for reading, if it holds at most
/// `max_bytes` (when it was opened: a reader that streams it still bounds
/// what it takes); the errors of [`read_regular`].
pub fn open_regular(path: &Path, max_bytes: u64) -> io::Result<std::fs::File> {
    // Asked before opening: opening a FIFO for reading blocks.
    let meta = std::fs::metadata(path)?;
    check_regular(&meta)?;
    if meta.len() > max_bytes {
        return Err(too_large(max_bytes));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Should the path have been replaced by a FIFO since the check, the
    // open returns at once rather than waiting for a writer, and the
    // check on the opened file below refuses it. On a regular file the
    // flag changes nothing.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    check_regular(&meta)?;
    if meta.len() > max_bytes {
        return Err(too_large(max_bytes));
    }
    Ok(file)
}

/// FNV-1a, 64 bits, of `bytes`: the checksum of agon's binary files
/// (networks, checkpoints, exact tables); it detects a changed or cut
/// file (not an adversary).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_continue(FNV1A_START, bytes)
}

/// FNV-1a's starting value, for [`fnv1a_continue`].
pub const FNV1A_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of the bytes hashed to `hash` followed by `bytes`: a file read
/// in pieces.
pub fn fnv1a_continue(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// [`read_regular`] of a text file (UTF-8).
pub fn read_regular_text(path: &Path, max_bytes: u64) -> io::Result<String> {
    String::from_utf8(read_regular(path, max_bytes)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "not a text file (not valid UTF-8)",
        )
    })
}

fn check_regular(meta: &std::fs::Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() {
        "a directory"
    } else {
        kind_of(meta)
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a regular file ({what})"),
    ))
}

#[cfg(unix)]
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    let t = meta.file_type();
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn kind_of(_: &std::fs::Metadata) -> &'static str {
    "not a file"
}

fn too_large(max_bytes: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("larger than the {} limit", size_text(max_bytes)),
    )
}

/// `64 MiB`, `1 GiB`, `512 bytes`: a limit as people read it.
pub fn size_text(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    UNITS
        .iter()
        .find(|(unit, _)| bytes >= *unit && bytes.is_multiple_of(*unit))
        .map_or_else(
            || format!("{bytes} bytes"),
            |(unit, name)| format!("{} {name}", bytes / unit),
        )
}

/// The longest path an error line repeats whole.
const SHOWN_PATH_CHARS: usize = 60;

/// `path` as an error line shows it: whole when short, else its last
/// characters after a `…`, so that a very long path cannot push the
/// reason that follows it off a line.
pub fn short_path(path: &str) -> String {
    let chars = path.chars().count();
    if chars <= SHOWN_PATH_CHARS {
        return path.to_string();
    }
    let tail: String = path.chars().skip(chars - (SHOWN_PATH_CHARS - 1)).collect();
    format!("…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn a_regular_file_within_the_bound_reads_whole() {
        let dir = Scratch::new("files-regular");
        let path = dir.join("f");
        std::fs::write(&path, b"12345").expect("written");
        assert_eq!(read_regular(&path, 5).expect("read"), b"12345");
        let e = read_regular(&path, 4).expect_err("over the bound");
        assert_eq!(e.to_string(), "larger than the 4 bytes limit");
        assert_eq!(
            read_regular(&dir.join("none"), 5)
                .expect_err("missing")
                .kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn a_fifo_a_device_and_a_directory_are_refused_without_blocking() {
        let dir = Scratch::new("files-special");
        let fifo = dir.fifo("fifo");
        // Without the check this open would wait for a writer forever.
        let e = read_regular(&fifo, 100).expect_err("a FIFO");
        assert_eq!(e.to_string(), "not a regular file (a FIFO)");
        let e = read_regular(Path::new("/dev/zero"), 100).expect_err("a device");
        assert_eq!(e.to_string(), "not a regular file (a device)");
        let e = read_regular(dir.path(), 100).expect_err("a directory");
        assert_eq!(e.to_string(), "not a regular file (a directory)");
    }

    #[test]
    fn sizes_and_paths_as_shown() {
        assert_eq!(size_text(64 << 20), "64 MiB");
        assert_eq!(size_text(1 << 30), "1 GiB");
        assert_eq!(size_text(1000), "1000 bytes");
        assert_eq!(short_path("/tmp/z.nnue"), "/tmp/z.nnue");
        let long = format!("/tmp/{}/z.nnue", "d".repeat(600));
        let short = short_path(&long);
        assert_eq!(short.chars().count(), SHOWN_PATH_CHARS);
        assert!(short.starts_with('…') && short.ends_with("dd/z.nnue"));
    }
}
