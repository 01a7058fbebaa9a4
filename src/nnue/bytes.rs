//! The little-endian reading and writing that the network file and the
//! trainer's checkpoint share: a reader whose every error is one line
//! naming the file kind, and a length-prefixed name.

/// Reads `bytes` from `at` on; `what` names the file in errors ("the
/// network file is cut short").
pub struct Reader<'a> {
    pub bytes: &'a [u8],
    pub at: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8], at: usize, what: &'static str) -> Reader<'a> {
        Reader { bytes, at, what }
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| format!("the {} is cut short", self.what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    pub fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    pub fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    /// A name written by [`put_str`].
    pub fn string(&mut self) -> Result<String, String> {
        let n = usize::from(self.u8()?);
        String::from_utf8(self.take(n)?.to_vec())
            .map_err(|_| format!("a name in the {} is not UTF-8", self.what))
    }

    /// `n` values of `size` bytes each, read by `value`.
    fn values<T>(
        &mut self,
        n: usize,
        size: usize,
        value: impl Fn(&[u8]) -> T,
    ) -> Result<Vec<T>, String> {
        let len = n
            .checked_mul(size)
            .ok_or_else(|| format!("the {} is cut short", self.what))?;
        Ok(self.take(len)?.chunks_exact(size).map(value).collect())
    }

    pub fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        self.values(n, 2, |c| i16::from_le_bytes([c[0], c[1]]))
    }

    pub fn f32s(&mut self, n: usize) -> Result<Vec<f32>, String> {
        self.values(n, 4, |c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
    }
}

/// A name as a length byte and at most 255 bytes of it, cut where a
/// character starts ([`Reader::string`] reads UTF-8 only).
pub fn put_str(out: &mut Vec<u8>, s: &str) {
    let mut n = s.len().min(255);
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    out.push(n as u8);
    out.extend_from_slice(&s.as_bytes()[..n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_cut_at_a_character_and_reads_back() {
        // 400 bytes: byte 255 is inside a character.
        let name = "é".repeat(200);
        let mut out = Vec::new();
        put_str(&mut out, &name);
        let read = Reader::new(&out, 0, "network file").string();
        assert_eq!(read, Ok("é".repeat(127)));
        assert_eq!(out.len(), 1 + 254);
    }
}
