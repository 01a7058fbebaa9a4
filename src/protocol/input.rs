//! Command lines read with a bound (protocol.md, "Conventions"): a line
//! longer than [`MAX_LINE`] is never held whole, whatever the other end
//! sends; its rest is read and dropped as it comes, and the buffer a long
//! line grew is given back before the next one.

use std::io::{BufRead, ErrorKind};

/// The longest command line, in bytes, without its line break: far above
/// any real command (a `position … moves` of ten thousand plies is about
/// 80 KB).
pub const MAX_LINE: usize = 1 << 20;

/// The capacity the line buffer keeps between lines.
const KEEP: usize = 64 * 1024;

/// How much of an overlong line is kept to name it in the error line.
const HEAD: usize = 160;

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of at most [`MAX_LINE`] bytes, now in the buffer.
    Text,
    /// A longer line, read to its end and dropped; the buffer holds its
    /// first bytes.
    TooLong,
    /// The end of input (nothing read).
    End,
}

/// Reads one line into `buf` (its line break included, if any; the last
/// line of the input may have none).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Line {
    buf.clear();
    buf.shrink_to(KEEP);
    let mut read = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            // A broken input is its end, as for any reader of stdin; a
            // line it cut is not obeyed.
            Err(_) => return Line::End,
        };
        if chunk.is_empty() {
            break;
        }
        read = true;
        let (part, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let len = part.len();
        if !too_long {
            let text = part.strip_suffix(b"\n").unwrap_or(part).len();
            if buf.len() + text > MAX_LINE {
                too_long = true;
                let head = HEAD.saturating_sub(buf.len()).min(len);
                buf.extend_from_slice(&part[..head]);
                buf.truncate(HEAD);
                buf.shrink_to(KEEP);
            } else {
                buf.extend_from_slice(part);
            }
        }
        input.consume(len);
        if ended {
            break;
        }
    }
    match (read, too_long) {
        (false, _) => Line::End,
        (true, false) => Line::Text,
        (true, true) => Line::TooLong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn lines(input: Vec<u8>) -> Vec<(Line, usize)> {
        // A small reader buffer: lines arrive in many chunks.
        let mut input = BufReader::with_capacity(1000, Cursor::new(input));
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut input, &mut buf);
            if line == Line::End {
                return out;
            }
            out.push((line, buf.len()));
        }
    }

    #[test]
    fn an_overlong_line_is_dropped_and_the_next_is_read() {
        let mut input = b"isready\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        input.extend_from_slice(b"\nquit");
        assert_eq!(
            lines(input),
            [(Line::Text, 8), (Line::TooLong, HEAD), (Line::Text, 4)]
        );
    }

    #[test]
    fn the_bound_counts_the_text_not_the_line_break() {
        let mut input = vec![b'a'; MAX_LINE];
        input.push(b'\n');
        input.extend(vec![b'b'; MAX_LINE + 1]);
        assert_eq!(
            lines(input),
            [(Line::Text, MAX_LINE + 1), (Line::TooLong, HEAD)]
        );
    }

    #[test]
    fn a_line_cut_by_a_read_error_is_the_end() {
        struct Broken(bool);
        impl std::io::Read for Broken {
            fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(std::io::Error::other("gone"));
                }
                b[..6].copy_from_slice(b"go dep");
                Ok(6)
            }
        }
        let mut input = BufReader::new(Broken(false));
        assert_eq!(read_line(&mut input, &mut Vec::new()), Line::End);
    }

    #[test]
    fn the_buffer_is_given_back_after_a_long_line() {
        let mut input = BufReader::new(Cursor::new(
            [vec![b'a'; MAX_LINE], b"\nd\n".to_vec()].concat(),
        ));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf), Line::Text);
        assert!(buf.capacity() >= MAX_LINE);
        assert_eq!(read_line(&mut input, &mut buf), Line::Text);
        assert_eq!(buf, b"d\n");
        assert!(buf.capacity() <= KEEP);
    }
}
