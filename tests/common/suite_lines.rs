//! The one reader of the line-based suite files in `positions/` (perft
//! suites, tactics suites, candidate lists): one entry a line, its fields
//! separated by one character; blank lines and `#` comment lines are not
//! entries. Each suite keeps its own parsing of the fields.

/// The entries of the suite file `file` whose text is `text`: for every
/// line that, trimmed, is neither blank nor a `#` comment, its line number
/// (from 1) and its `fields` fields split at `sep`, each trimmed.
///
/// Panics, naming the file, the line number and the expected field count,
/// on a line with another number of fields: a suite file is test data
/// checked into the repository, so a malformed line is a broken test.
pub fn suite_lines<'a>(
    file: &str,
    text: &'a str,
    sep: char,
    fields: usize,
) -> Vec<(usize, Vec<&'a str>)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(n, line)| {
            let f: Vec<&str> = line.split(sep).map(str::trim).collect();
            assert_eq!(
                f.len(),
                fields,
                "{file}:{n}: expected {fields} fields separated by '{sep}', found {}: {line}",
                f.len()
            );
            (n, f)
        })
        .collect()
}
