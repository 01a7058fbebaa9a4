#!/usr/bin/env bash
# The seed corpus of each fuzz target, made from the project's own files
# into fuzz/corpus/TARGET/ when that folder is missing or empty:
#   fuzz/seeds.sh [TARGET...]     (every target when none is named)
# Position files, protocol lines of the tests, the shipped networks, the
# APGN records and openings files; and, when target/release/agon exists
# (`cargo build --release`), what it writes with tiny limits: match
# records, transcriptions, training data, a checkpoint, table files and
# legal move lists. The same files give the same seeds.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=..
AGON=$ROOT/target/release/agon
[ -x "$AGON" ] || AGON=""
TARGETS=(protocol position moves record apgn transcription openings network data checkpoint gui_request gui_frames options tables)
[ $# -gt 0 ] && TARGETS=("$@")

# The variant bytes of fuzz_targets/common/mod.rs (VARIANTS): the plain games.
declare -A VARIANT=([abalone]=0 [abalone3]=1 [abalone4]=2 [abalone6]=3 [zamma]=4 [petteia]=5 [kubeia]=6 [palma]=7)
GAMES=(abalone zamma petteia kubeia palma)

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# byte N: the byte N (0..255) on stdout.
byte() { printf "\\$(printf %03o "$1")"; }

# The non-comment, non-empty lines of a file, at most $2 of them.
lines_of() { grep -v '^[[:space:]]*#' "$1" | sed 's/[[:space:]]*$//' | grep -v '^$' | head -n "$2"; }

# seed DIR NAME: stdin into DIR/NAME.
seed() { cat >"$1/$2"; }

# Generated files (when the binary exists), made once for every target.
GEN=$WORK/gen
generate() {
  [ -n "$AGON" ] || return 0
  [ -d "$GEN" ] && return 0
  mkdir -p "$GEN"
  local g
  for g in "${GAMES[@]}"; do
    "$AGON" match --game "$g" --a search=random --b search=random --games 2 --seed 1 \
      --record "$GEN/$g.record" >/dev/null 2>&1 || true
    printf 'setoption name Game value %s\nposition startpos\nmoves\nquit\n' "$g" \
      | "$AGON" 2>/dev/null | grep '^moves' >"$GEN/$g.moves" || true
  done
  "$AGON" match --game abalone --players 3 --a search=random --b search=random --games 1 --seed 1 \
    --record "$GEN/abalone3.record" --record-native "$GEN/abalone3.apgn" >/dev/null 2>&1 || true
  "$AGON" match --game abalone --a search=random --b search=random --games 2 --seed 1 \
    --record-native "$GEN/abalone.apgn" >/dev/null 2>&1 || true
  for g in petteia kubeia; do
    "$AGON" match --game "$g" --a search=random --b search=random --games 2 --seed 1 --openings 0 \
      --record-native "$GEN/$g.transcription" >/dev/null 2>&1 || true
  done
  for g in zamma abalone; do
    "$AGON" datagen --game "$g" --games 2 --nodes 50 --max-plies 20 --out "$GEN/$g.data" \
      >/dev/null 2>&1 || true
  done
  "$AGON" train --game zamma --data "$GEN/zamma.data" --out "$GEN/zamma-small.nnue" --hidden 2 \
    --epochs 1 --validation 0 >/dev/null 2>&1 || true
  "$AGON" tablebase generate --game zamma --pieces 2 --out "$GEN/zamma2.tables" >/dev/null 2>&1 || true
  "$AGON" tablebase generate --game palma --size 24 --out "$GEN/palma24.tables" >/dev/null 2>&1 || true
}

# The protocol lines quoted in the tests, one a line.
protocol_lines() {
  grep -ohE '"(uci|ugi|isready|ucinewgame|setoption name [^"]*|position (startpos|fen)[^"]*|go[ a-z0-9]*|d|moves|eval|chance|query [a-z0-9]+|stop|ponderhit)"' \
    "$ROOT"/tests/protocol*.rs "$ROOT"/src/protocol/tests.rs \
    | tr -d '"' | grep -v '\\' | grep -vE 'Hash|Threads|EvalFile|EndgamePath|bench|perft' | LC_ALL=C sort -u
}

make_protocol() {
  local d=$1 g i=0
  protocol_lines >"$WORK/lines"
  split -l 6 -d -a 3 "$WORK/lines" "$WORK/chunk."
  for c in "$WORK"/chunk.*; do
    for g in "${!VARIANT[@]}"; do
      { byte "${VARIANT[$g]}"; cat "$c"; } | seed "$d" "tests-$g-$i"
    done
    i=$((i + 1))
  done
  for g in "${!VARIANT[@]}"; do
    { byte "${VARIANT[$g]}"; printf 'uci\nisready\nposition startpos\nd\nmoves\ngo depth 2\neval\nquery result\n'; } \
      | seed "$d" "start-$g"
    { byte "${VARIANT[$g]}"; printf 'go ponder\nponderhit\ngo infinite\nstop\nchance\nmoves\n'; } \
      | seed "$d" "ponder-$g"
  done
  if [ -n "$AGON" ]; then
    generate
    for g in "${GAMES[@]}"; do
      [ -s "$GEN/$g.moves" ] || continue
      local first
      first=$(cut -d' ' -f2 "$GEN/$g.moves")
      { byte "${VARIANT[$g]}"; printf 'position startpos moves %s\nd\ngo nodes 100 searchmoves %s\n' "$first" "$first"; } \
        | seed "$d" "moves-$g"
    done
  fi
}

# Position strings: the bench and openings files, the perft suites.
make_position() {
  local d=$1 g f n
  for g in "${GAMES[@]}"; do
    for f in "$ROOT/positions/bench-$g.txt" "$ROOT/positions/openings-$g.txt"; do
      [ -f "$f" ] || continue
      n=0
      while IFS= read -r p; do
        { byte "${VARIANT[$g]}"; printf '%s' "$p"; } | seed "$d" "$g-$(basename "$f" .txt)-$n"
        n=$((n + 1))
      done < <(lines_of "$f" 12 | grep -v '^start$')
    done
  done
  n=0
  while IFS=';' read -r _ opts pos _; do
    case "$(echo "$opts" | tr -d ' ')" in
      players=3) g=abalone3 ;; players=4) g=abalone4 ;; players=6) g=abalone6 ;; *) continue ;;
    esac
    { byte "${VARIANT[$g]}"; printf '%s' "$(echo "$pos" | sed 's/^ *//;s/ *$//')"; } | seed "$d" "multi-$n"
    n=$((n + 1))
  done < <(lines_of "$ROOT/positions/abalone-multi-perft.txt" 40)
  lines_of "$ROOT/positions/palma-endgames.txt" 8 | cut -d';' -f1 | while IFS= read -r p; do
    { byte 7; printf '%s' "$p"; } | seed "$d" "palma-endgame-$(printf '%s' "$p" | cksum | cut -d' ' -f1)"
  done
}

make_moves() {
  local d=$1 g
  for g in "${!VARIANT[@]}"; do
    { byte "${VARIANT[$g]}"; byte 0; printf 'a1b2 e5 t1 r11 pass'; } | seed "$d" "words-$g"
    { byte "${VARIANT[$g]}"; byte 6; printf '\x01\x02\x03\x04\x05\x06'; printf 'pass'; } | seed "$d" "plies-$g"
  done
  if [ -n "$AGON" ]; then
    generate
    for g in "${GAMES[@]}"; do
      [ -s "$GEN/$g.moves" ] || continue
      { byte "${VARIANT[$g]}"; byte 0; cut -d' ' -f2- "$GEN/$g.moves"; } | seed "$d" "legal-$g"
    done
  fi
}

make_record() {
  local d=$1 g
  { byte 7; cat <<'EOF'
[Game "palma"]
[Options ""]
[Number "3"]
[Hounds "new"]
[Jackals "old"]
[Entrants "1 0"]
[TimeControl "movetime=100 / movetime=100"]
[Result "*"]
[Reason "unfinished"]
[Plies "2"]

t2 {0.000s} {a comment \} with \\ escapes} s1 {+0.12/7 0.101s}
*

EOF
  } | seed "$d" "doc-palma"
  if [ -n "$AGON" ]; then
    generate
    for g in "${GAMES[@]}" abalone3; do
      [ -s "$GEN/$g.record" ] || continue
      { byte "${VARIANT[$g]}"; cat "$GEN/$g.record"; } | seed "$d" "match-$g"
    done
  fi
}

make_apgn() {
  local d=$1
  # The first records of the MiGs file.
  awk 'BEGIN{n=0} /^\[Event /{n++} n<=3{print}' "$ROOT/positions/abalone-migs-2016-2017.apgn" | seed "$d" migs-3
  awk 'BEGIN{n=0} /^\[Event /{n++} n==7{print}' "$ROOT/positions/abalone-migs-2016-2017.apgn" | seed "$d" migs-7
  if [ -n "$AGON" ]; then
    generate
    for f in "$GEN"/*.apgn; do
      [ -s "$f" ] && seed "$d" "$(basename "$f")" <"$f"
    done
  fi
}

make_transcription() {
  local d=$1 f
  # tests/petteia_record.rs: the source's sample game (Greek columns).
  local sample='1) 63 A2-A4, 32 H6-Z6;
2) 31 A1-A3, 42 K7-K5;
3) 11 B1-A1, 53 A7-A5;
4) 65 A1-A2, 0-1 (renitenza)'
  { byte 3; printf '%s\n' "$sample"; } | seed "$d" sample-kubeia-greek
  { byte 2; printf '%s\n' "$sample" | sed -E 's/ [1-6][1-6] / /g; s/\) [1-6][1-6] /) /'; } | seed "$d" sample-petteia-greek
  { byte 0; printf '1) a2-a4, g6-f6;\n2) b2-b3 b3-b4\n'; } | seed "$d" opening-petteia
  if [ -n "$AGON" ]; then
    generate
    for f in "$GEN"/petteia.transcription "$GEN"/kubeia.transcription; do
      [ -s "$f" ] || continue
      case "$f" in *kubeia*) b=1 ;; *) b=0 ;; esac
      { byte $b; cat "$f"; } | seed "$d" "$(basename "$f")"
    done
  fi
}

make_openings() {
  local d=$1 g
  for g in "${GAMES[@]}"; do
    { byte "${VARIANT[$g]}"; byte 2; head -n 12 "$ROOT/positions/openings-$g.txt"; } | seed "$d" "openings-$g"
    { byte "${VARIANT[$g]}"; byte 2; head -n 12 "$ROOT/positions/bench-$g.txt"; } | seed "$d" "bench-$g"
  done
  { byte 0; byte 6; awk 'BEGIN{n=0} /^\[Event /{n++} n<=2{print}' "$ROOT/positions/abalone-migs-2016-2017.apgn"; } | seed "$d" migs
  if [ -n "$AGON" ]; then
    generate
    for g in "${GAMES[@]}"; do
      [ -s "$GEN/$g.record" ] && { byte "${VARIANT[$g]}"; byte 4; cat "$GEN/$g.record"; } | seed "$d" "record-$g"
    done
    [ -s "$GEN/petteia.transcription" ] && { byte 5; byte 3; cat "$GEN/petteia.transcription"; } | seed "$d" transcription
  fi
  return 0
}

# Networks: the shipped ones (flag byte: bit 0 = fix the checksum, bits
# 1-2 the game: 0 abalone, 1 zamma, 2 petteia, 3 kubeia).
make_network() {
  local d=$1
  { byte 0; cat "$ROOT/src/games/abalone/abalone.nnue"; } | seed "$d" abalone
  { byte 3; cat "$ROOT/src/games/abalone/abalone.nnue"; } | seed "$d" abalone-fixed
  { byte 2; cat "$ROOT/src/games/zamma/zamma.nnue"; } | seed "$d" zamma
  { byte 4; cat "$ROOT/src/games/petteia/petteia.nnue"; } | seed "$d" petteia
  { byte 6; cat "$ROOT/src/games/petteia/petteia.nnue"; } | seed "$d" petteia-as-kubeia
  if [ -n "$AGON" ]; then
    generate
    [ -s "$GEN/zamma-small.nnue" ] && { byte 3; cat "$GEN/zamma-small.nnue"; } | seed "$d" zamma-small
  fi
  return 0
}

make_data() {
  local d=$1 f
  printf 'AGONDATA\x02\x00\x05Zamma\x51\x00\x02\x00' | seed "$d" header-only
  if [ -n "$AGON" ]; then
    generate
    for f in "$GEN"/*.data; do
      [ -s "$f" ] && head -c 6000 "$f" | seed "$d" "$(basename "$f")"
    done
  fi
  return 0
}

make_checkpoint() {
  local d=$1 f
  printf '\x01AGONCKPT\x01\x00' | seed "$d" magic
  if [ -n "$AGON" ]; then
    generate
    for f in "$GEN"/*.ckpt; do
      [ -s "$f" ] && { byte 0; cat "$f"; } | seed "$d" "$(basename "$f")"
    done
  fi
  return 0
}

make_gui_request() {
  local d=$1
  printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\n' | seed "$d" page
  printf 'GET /levels.js HTTP/1.1\r\nHost: localhost:8765\r\nOrigin: http://localhost:8765\r\n\r\n' | seed "$d" levels
  printf 'POST /style.css HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\n' | seed "$d" post
  printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nHost: evil.example\r\n\r\n' | seed "$d" two-hosts
  printf 'GET /ws?token=TOKEN HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nOrigin: http://127.0.0.1:8765\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n\x81\x85\x00\x00\x00\x00hello' \
    | seed "$d" socket
  printf 'GET /ws?token=00 HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nOrigin: http://127.0.0.1:8765\r\nUpgrade: websocket\r\n\r\n' | seed "$d" wrong-token
}

# Frames with a zero mask (the payload as it is).
frame() { byte 129; byte $((128 + ${#1})); printf '\x00\x00\x00\x00%s' "$1"; }

make_gui_frames() {
  local d=$1
  local msgs=("start 0" "send 0 uci" "send 0 setoption name Hash value 99999" "send 0 setoption name Threads value +300"
    "send 0 position startpos moves a1b2" "close 0" "rollout 72	palma		position startpos moves t1"
    "rollout stop" "luck palma		position startpos moves t1 pass t2" "luck kubeia	greek=on	position startpos moves r63 a2a4"
    "luck zamma		position startpos" "send 1 go depth 2" "launch 0")
  local m
  {
    byte 0
    for m in "${msgs[@]}"; do printf '%s\xff' "$m"; done
  } | seed "$d" messages
  {
    byte 1
    for m in "${msgs[@]}"; do [ ${#m} -lt 126 ] && frame "$m"; done
    printf '\x88\x80\x00\x00\x00\x00'
  } | seed "$d" frames
}

make_options() {
  local d=$1 i
  local texts=("layout=belgian princess=on" "players=6 repetition=none" "board=full quiet_plies=none"
    "kings=mirror nocapture_plies=8" "greek=on" "first=jackals shortcuts=5>9,10>24 extra_squares=15,7"
    "search=alphabeta,movetime=100,threads=1,lmr=off" "3000/145/20/-7" "true" "256" "<empty>" "mcts")
  for i in "${!texts[@]}"; do
    { byte $((i % 5)); byte $((i * 7)); printf '%s' "${texts[$i]}"; } | seed "$d" "text-$i"
  done
}

make_tables() {
  local d=$1
  printf '\x00agon zamma endgame table 1\noptions \npieces 2\n' | seed "$d" zamma-header
  printf '\x01agon palma endgame table 1\noptions \nfirst 25\n' | seed "$d" palma-header
  if [ -n "$AGON" ]; then
    generate
    [ -s "$GEN/zamma2.tables" ] && { byte 0; cat "$GEN/zamma2.tables"; } | seed "$d" zamma2
    [ -s "$GEN/palma24.tables" ] && { byte 1; cat "$GEN/palma24.tables"; } | seed "$d" palma24
  fi
  return 0
}

for t in "${TARGETS[@]}"; do
  dir=corpus/$t
  if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    continue
  fi
  mkdir -p "$dir"
  "make_$t" "$dir"
  echo "seeds: $t: $(ls "$dir" | wc -l) files${AGON:+ (with $AGON)}"
done
