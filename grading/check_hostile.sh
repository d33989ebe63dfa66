#!/usr/bin/env bash
# The hostile grading test. Grades the honest class of grading/submissions (laid out as
# check_grading.cmake lays it out) together with the hostile students of grading/hostile, the
# stub of grading/stub, and a few students made here - names a spreadsheet or a terminal would
# misread, a maze.hpp that is a FIFO, one that is a link to /dev/zero - in one run of
# `mazekit grade`, and requires:
#   - every honest student's grades.csv row and results.json byte for byte as in HONEST_OUT,
#     the run that graded the honest class alone;
#   - every other student what the table below says;
#   - nothing outside --out changed: the kit's source, the class's folder, HONEST_OUT, the
#     mazekit program; no /tmp/pwned, no escaped-overwrite.txt, no disk-filler-N.bin;
#   - the run's secret nowhere in --out, and reads-secrets' results free of it, of "root:" and
#     of a classmate's code;
#   - --out unchanged 4 s after `mazekit grade` exited, and no process of the run alive;
#   - every report valid UTF-8, JSON and XML free of raw control characters, grades.csv one
#     well-formed row per student, a formula-like name defused, and no raw escape byte or
#     forged row in the terminal output.
#
#   check_hostile.sh MAZEKIT KIT_SOURCE_DIR WORK HONEST_OUT
#
# WORK is emptied first. Needs bash, coreutils, findutils, grep (with -P) and cmake, which
# makes the archives as check_grading.cmake does (set CMAKE to choose which). Exits 0 when
# every requirement holds, 1 at the first that does not (naming the student and what
# differed), 2 for bad usage. grading/hostile/README.md says what each student attempts.
set -euo pipefail
export LC_ALL=C

# What each student of grading/hostile (and the stub) must get. drops-test-cases is the one
# attack that can still earn points: the tamper scan flags it at its lines (and --strict
# scores it 0), which is what the table requires.
#   total     =N exactly N points; <=N at most N
#   says      text the student's results.json must hold: alternatives split by ';',
#             requirements that must all hold joined by '&'; - for none
#   flagged   lines  grades.csv's flags cell names every line of the student's maze.hpp marked
#                    [flag] (and the line after each one marked [flag next line]);
#             yes    at least one flag on maze.hpp;  no  no flag;  -  not checked
HOSTILE_TABLE='
stub                  | =3   | -                             | no
forged-report         | =0   | tampered;ended early;crashed  | yes
drops-assertions      | <=3  | -                             | lines
drops-test-cases      | <=39 | -                             | lines
includes-solution     | =3   | -                             | yes
includes-library      | =3   | -                             | yes
includes-classmate    | =3   | -                             | yes
reads-secrets         | =39  | -                             | -
overwrites-classmates | =3   | -                             | -
kills-classmates      | =3   | -                             | -
daemon                | =3   | -                             | -
fork-bomb             | =0   | timed out;crashed             | -
memory-children       | =0   | crashed;timed out             | -
disk-filler           | =3   | -                             | -
huge-program          | =0   | not graded&--disk             | -
invalid-utf8          | =39  | -                             | -
log-forger            | =0   | does not compile              | yes
includes-dev-zero     | =0   | does not compile;not graded   | yes
slow-compile          | =0   | not graded;does not compile   | -'

# The students made at run time. Four are copies of the complete solution (39) under names
# that would run as a formula in a spreadsheet, forge a row of the terminal table, erase a
# terminal line, or are not UTF-8. A folder name cannot hold '/': the formula's link has none,
# and the forged row's "39/39" is written with U+2215, a slash to the eye.
FORMULA_NAME='=HYPERLINK("example.com","click")'
FORGED_ROW_NAME=$'mallory\ncomplete          1111111111111111111111  39\xe2\x88\x9539'
ESCAPE_NAME=$'\e[2Kesc'
LATIN1_NAME=$'jos\xe9'
RUNTIME_COMPLETE=("$FORMULA_NAME" "$FORGED_ROW_NAME" "$ESCAPE_NAME" "$LATIN1_NAME")

usage() {
  echo "usage: check_hostile.sh MAZEKIT KIT_SOURCE_DIR WORK HONEST_OUT" >&2
  exit 2
}

fail() {
  printf 'check_hostile: FAILED: %s\n' "$*" >&2
  exit 1
}

# A name as the shell would quote it: control bytes and newlines made visible.
shown() { printf '%q' "$1"; }

# At most 20 lines of FILE or text, control characters made visible.
excerpt() { head -n 20 | cut -c1-300 | cat -v; }

(($# == 4)) || usage
[[ -x $1 && -d $2 && -d $4 ]] || usage
mazekit=$(realpath -e -- "$1")
kit=$(cd -- "$2" && pwd -P)
honest_out=$(cd -- "$4" && pwd -P)
work=$(realpath -m -- "$3")
cmake=${CMAKE:-cmake}
[[ -f $honest_out/grades.csv ]] || fail "HONEST_OUT has no grades.csv: $honest_out"
case $work in
  / | "$kit" | "${HOME:-/}" | "$honest_out") fail "refusing to empty WORK=$work" ;;
esac
[[ $kit/ == "$work"/* ]] && fail "refusing to empty WORK=$work: it holds the kit"

in=$work/in
out=$work/out
logs=$work/logs
rm -rf -- "$work"
mkdir -p -- "$in" "$work/canary" "$work/scratch" "$logs"

# ---------------------------------------------------------------------------------------------
# a. The class: the honest students, the hostile ones, and those made here.

# shellcheck source=SCRIPTDIR/pack_class.sh
source "$kit/grading/pack_class.sh"
pack_honest_class "$kit/grading" "$in" "$work/scratch" "$cmake"

random_hex() { od -An -tx1 -N16 /dev/urandom | tr -d ' \n'; }
canary=canary-$(random_hex)
classmate_token=classmate-$(random_hex)

# copy_student NAME FOLDER: a student whose first line is the classmate token, so that a
# classmate's code showing up in reads-secrets' results can be recognised.
copy_student() {
  cp -R -- "$2" "$in/$1"
  if [[ $1 != reads-secrets ]]; then
    { printf '// %s\n' "$classmate_token"; cat -- "$in/$1/maze.hpp"; } >"$work/scratch/maze.hpp"
    mv -- "$work/scratch/maze.hpp" "$in/$1/maze.hpp"
  fi
}

declare -A expect_total=() expect_says=() expect_flagged=()
students=()
while IFS='|' read -r name total says flagged; do
  name=${name//[[:space:]]/}
  [[ -n $name ]] || continue
  students+=("$name")
  expect_total[$name]=${total//[[:space:]]/}
  says=${says#"${says%%[![:space:]]*}"}
  expect_says[$name]=${says%"${says##*[![:space:]]}"}
  expect_flagged[$name]=${flagged//[[:space:]]/}
  if [[ $name == stub ]]; then
    copy_student stub "$kit/grading/stub"
  else
    copy_student "$name" "$kit/grading/hostile/$name"
  fi
done <<<"$HOSTILE_TABLE"

for name in "${RUNTIME_COMPLETE[@]}"; do
  copy_student "$name" "$kit/grading/submissions/complete"
  students+=("$name")
  expect_total[$name]='=39'
  expect_says[$name]='-'
  expect_flagged[$name]='-'
done
mkdir -- "$in/named-pipe" "$in/links-to-dev-zero"
mkfifo -- "$in/named-pipe/maze.hpp"
ln -s /dev/zero "$in/links-to-dev-zero/maze.hpp"
students+=(named-pipe links-to-dev-zero)
expect_total[named-pipe]='=0'
expect_says[named-pipe]='not graded&maze.hpp'
expect_flagged[named-pipe]='-'
expect_total[links-to-dev-zero]='=0'
expect_says[links-to-dev-zero]='maze.hpp'
expect_flagged[links-to-dev-zero]='-'

class_size=$(find "$in" -mindepth 1 -maxdepth 1 -printf . | wc -c)

# ---------------------------------------------------------------------------------------------
# b. The canary and what must not change.

printf '%s\n' "$canary" >"$work/canary/secret.txt"

# snapshot DIR [PRUNED...]: a sorted line per entry under DIR: its path, its kind, and for a
# file its size and SHA-256, for a link its target. FIFOs and devices are never opened.
snapshot() {
  local dir=$1 path
  shift
  local prune=()
  for path in "$@"; do
    prune+=(-path "$path" -prune -o)
  done
  # Every file's SHA-256 from one sha256sum run (-z: records end with NUL, names are left as
  # they are, newlines and all); a FIFO or a device is never read.
  local -A hash=()
  local line
  while IFS= read -r -d '' line; do
    hash[${line:66}]=${line:0:64}
  done < <(find "$dir" "${prune[@]}" -type f -print0 | xargs -0r sha256sum -z --)
  local kind size target
  while IFS= read -r -d '' kind && IFS= read -r -d '' size && IFS= read -r -d '' target &&
    IFS= read -r -d '' path; do
    case $kind in
      l) printf '%q\tlink\t%q\n' "$path" "$target" ;;
      f) printf '%q\tfile\t%s\t%s\n' "$path" "$size" "${hash[$path]:-unreadable}" ;;
      d) printf '%q\tfolder\n' "$path" ;;
      *) printf '%q\t%s\n' "$path" "$kind" ;;
    esac
  done < <(find "$dir" "${prune[@]}" -printf '%y\0%s\0%l\0%p\0') | sort
}

# Everything that must be the same after the run: the kit's source (not its build folders or
# .git), WORK but --out and the logs, HONEST_OUT, the mazekit program and every CMakeCache.txt
# of the kit's builds.
outside_out() {
  snapshot "$kit" "$kit/.git" "$kit/build*" "$work" "$honest_out"
  snapshot "$work" "$out" "$logs"
  snapshot "$honest_out"
  printf 'mazekit\t%s\n' "$(sha256sum <"$mazekit" | cut -d' ' -f1)"
  find "$kit" -maxdepth 4 -name CMakeCache.txt -print0 | sort -z | xargs -0r sha256sum
}
outside_out | sort >"$logs/outside-before.txt"
pwned_before=none
if [[ -e /tmp/pwned ]]; then
  pwned_before=$(stat -c %Y /tmp/pwned)
fi
touch "$logs/started"

# The processes alive now, as PID:start-time, so that a process is new only if it started
# during the run (a PID may be reused).
read_start_time() {  # PID: sets start_time; false when the process is gone
  local stat fields
  { read -r stat <"/proc/$1/stat"; } 2>/dev/null || return 1
  read -ra fields <<<"${stat##*) }"
  start_time=${fields[19]:-}
  [[ -n $start_time ]]
}
declare -A processes_before=()
for dir in /proc/[0-9]*; do
  pid=${dir#/proc/}
  read_start_time "$pid" || continue
  processes_before[$pid:$start_time]=1
done

# ---------------------------------------------------------------------------------------------
# c. The run, with the honest run's limits, four students at a time: many hostile students
# spend their time waiting on a limit (a step's 3 s, a compile's 40 s), and an honest row must
# not depend on how many classmates are graded beside it.

echo "check_hostile: grading $class_size submissions in $in"
status=0
(cd "$work" && MAZEKIT_CANARY_SECRET=$canary timeout 900 "$mazekit" grade "$in" --lesson 2 \
  --out "$out" -j 4 --timeout 3 --compile-timeout 40 --compile-budget 80 --disk 256) >"$logs/grade.txt" 2>&1 || status=$?
if ((status == 124)); then
  fail "mazekit grade did not finish within 900 s; its output ends:
$(tail -n 20 "$logs/grade.txt" | excerpt)"
fi
((status == 0)) || fail "mazekit grade exited with $status; its output ends:
$(tail -n 20 "$logs/grade.txt" | excerpt)"
[[ -f $out/grades.csv ]] || fail "mazekit grade wrote no grades.csv"

# ---------------------------------------------------------------------------------------------
# d. The requirements.

# What --out holds as mazekit grade exits, and when it exited in the kernel's clock ticks since
# boot (the start time of a process begun now), for the checks 4 s later. The summary table
# and grades.csv's rows are read meanwhile.
cp -- "$out/grades.csv" "$logs/grades-at-exit.csv"
sleep 1 &
read_start_time $! || fail "cannot read the start time of a process"
exit_ticks=$start_time
snapshot "$out" >"$logs/out-at-exit.txt"

# grades.csv, read as RFC 4180: RECORDS holds each row as written, csv_fields splits one.
read_csv() {  # FILE: sets RECORDS
  RECORDS=()
  local line record="" pending=0 quotes
  while IFS= read -r line || [[ -n $line ]]; do
    if ((pending)); then
      record+=$'\n'$line
    else
      record=$line
    fi
    quotes=${record//[^\"]/}
    if ((${#quotes} % 2)); then
      pending=1
    else
      pending=0
      RECORDS+=("$record")
    fi
  done <"$1"
  ((pending == 0)) || fail "$1 ends inside a quoted cell"
}
csv_fields() {  # RECORD: sets FIELDS
  local record=$1 field="" c i quoted=0
  FIELDS=()
  for ((i = 0; i < ${#record}; i++)); do
    c=${record:i:1}
    if ((quoted)); then
      if [[ $c == '"' && ${record:i+1:1} == '"' ]]; then
        field+='"'
        i=$((i + 1))
      elif [[ $c == '"' ]]; then
        quoted=0
      else
        field+=$c
      fi
    elif [[ $c == '"' ]]; then
      quoted=1
    elif [[ $c == , ]]; then
      FIELDS+=("$field")
      field=""
    else
      field+=$c
    fi
  done
  FIELDS+=("$field")
}
# The name a row is found by: without the leading ' that defuses a formula, newline and escape
# written out, and a byte that is not UTF-8 (or the U+FFFD that replaced it) as '?'.
name_key() {
  local s=${1#\'}
  s=${s//$'\n'/\\n}
  s=${s//$'\e'/\\x1b}
  s=${s//$'\xef\xbf\xbd'/?}
  s=${s//$'\xe9'/?}
  KEY=$s
}

read_csv "$honest_out/grades.csv"
honest_records=("${RECORDS[@]}")
read_csv "$logs/grades-at-exit.csv"
out_records=("${RECORDS[@]}")
[[ ${out_records[0]} == "${honest_records[0]}" ]] || fail "grades.csv's header differs from HONEST_OUT's:
  here:   $(cat -v <<<"${out_records[0]}")
  honest: $(cat -v <<<"${honest_records[0]}")"
csv_fields "${out_records[0]}"
columns=${#FIELDS[@]}
total_column=-1
for ((i = 0; i < columns; i++)); do
  [[ ${FIELDS[i]} == total ]] && total_column=$i
done
((total_column >= 0)) || fail "grades.csv has no total column"
[[ ${FIELDS[columns - 1]} == flags ]] || fail "grades.csv's last column is '${FIELDS[columns - 1]}', not flags"
((${#out_records[@]} == class_size + 1)) || fail "grades.csv has $((${#out_records[@]} - 1)) rows for $class_size submissions"

declare -A row_of=() total_of=() flags_of=()
for ((i = 1; i < ${#out_records[@]}; i++)); do
  csv_fields "${out_records[i]}"
  ((${#FIELDS[@]} == columns)) || fail "grades.csv row $i has ${#FIELDS[@]} cells, not $columns: $(cat -v <<<"${out_records[i]}")"
  name_key "${FIELDS[0]}"
  [[ -z ${row_of[$KEY]:-} ]] || fail "grades.csv has two rows for $(shown "${FIELDS[0]}")"
  row_of[$KEY]=$i
  total_of[$KEY]=${FIELDS[total_column]}
  flags_of[$KEY]=${FIELDS[columns - 1]}
  [[ ${FIELDS[total_column]} =~ ^[0-9]+$ ]] || fail "grades.csv: $(shown "${FIELDS[0]}") has total '${FIELDS[total_column]}'"
done

# The summary: every student but the honest ones, with the points and flags they got.
printf '\n%-42s %6s %8s %6s\n' student points expected flags
for name in "${students[@]}"; do
  name_key "$name"
  flags=${flags_of[$KEY]:-}
  without=${flags//maze.hpp:/}
  printf '%-42s %6s %8s %6s\n' "$(shown "$name" | cut -c1-42)" "${total_of[$KEY]:-none}" \
    "${expect_total[$name]}" "$(((${#flags} - ${#without}) / 9))"
done
echo

# Nothing of the run goes on after it: --out stays as written, and no process is left.
sleep 4
snapshot "$out" >"$logs/out-4s-later.txt"
changed=$(comm -3 "$logs/out-at-exit.txt" "$logs/out-4s-later.txt")
[[ -z $changed ]] || fail "--out changed after mazekit grade exited (a process of the run lives on):
$(excerpt <<<"$changed")"

# descends_from_us PID: true for this script's own commands.
descends_from_us() {
  local pid=$1 stat fields level
  for ((level = 0; level < 64; level++)); do
    [[ $pid == "$$" ]] && return 0
    ((pid > 1)) || return 1
    { read -r stat <"/proc/$pid/stat"; } 2>/dev/null || return 1
    read -ra fields <<<"${stat##*) }"
    pid=${fields[1]}
  done
  return 1
}
leftovers=""
for dir in /proc/[0-9]*; do
  pid=${dir#/proc/}
  read_start_time "$pid" || continue
  [[ -z ${processes_before[$pid:$start_time]:-} ]] || continue
  ((start_time <= exit_ticks)) || continue  # begun after the run: another test's, not the run's
  descends_from_us "$pid" && continue
  why=""
  for link in exe cwd root; do
    target=$(readlink "$dir/$link" 2>/dev/null) || continue
    if [[ $target == "$work" || $target == "$work"/* ]]; then
      why="its $link is under WORK ($target)"
    fi
  done
  if grep -qaF -- "$canary" "$dir/environ" 2>/dev/null; then
    why="its environment holds the run's secret: mazekit started it outside a sandbox"
  elif grep -qaF -- '[lesson02][step' "$dir/exe" 2>/dev/null; then
    why="it runs a lesson-2 step program"
  fi
  if [[ -n $why ]]; then
    comm_name=$(cat -v "$dir/comm" 2>/dev/null) || true
    leftovers+="pid $pid ($comm_name): $why"$'\n'
  fi
done
[[ -z $leftovers ]] || fail "processes of the run are still alive 4 s after mazekit grade exited:
$(excerpt <<<"$leftovers")"

# Nothing outside --out changed.
outside_out | sort >"$logs/outside-after.txt"
changed=$(comm -3 "$logs/outside-before.txt" "$logs/outside-after.txt")
[[ -z $changed ]] || fail "files outside --out changed during the run (< before, > after):
$(sed 's/^\t/> /; s/^[^>]/< &/' <<<"$changed" | excerpt)"
if [[ $pwned_before == none ]]; then
  [[ ! -e /tmp/pwned ]] || fail "/tmp/pwned exists: a build ran a command a student added (overwrites-classmates)"
else
  [[ $(stat -c %Y /tmp/pwned) == "$pwned_before" ]] || fail "/tmp/pwned was touched during the run"
fi
marks=$(find "$work" "$kit" "$honest_out" \( -name escaped-overwrite.txt -o -name 'disk-filler-*.bin' \) -print 2>/dev/null || true)
marks+=$(find /tmp /var/tmp -maxdepth 4 \( -name escaped-overwrite.txt -o -name 'disk-filler-*.bin' \) -print 2>/dev/null || true)
[[ -z $marks ]] || fail "a student wrote outside its sandbox:
$(excerpt <<<"$marks")"
for folder in "$work" "$(dirname -- "$work")" "$kit" /; do
  for name in catch-results.xml report.xml results.xml; do
    if [[ -e $folder/$name && $folder/$name -nt $logs/started ]]; then
      fail "$folder/$name was written during the run (forged-report)"
    fi
  done
done

# No secret in --out, nor in what mazekit printed.
leaks=$(grep -rlaF -- "$canary" "$out" "$logs/grade.txt" 2>/dev/null || true)
[[ -z $leaks ]] || fail "the run's secret (WORK/canary/secret.txt, \$MAZEKIT_CANARY_SECRET) is in:
$(excerpt <<<"$leaks")"
for file in "$out/reads-secrets/results.json" "$out/reads-secrets/junit.xml"; do
  [[ -f $file ]] || fail "reads-secrets: no ${file#"$out"/}"
  ! grep -qaF -- 'root:' "$file" || fail "reads-secrets: ${file#"$out"/} holds \"root:\" (the machine's accounts)"
  ! grep -qaF -- "$classmate_token" "$file" || fail "reads-secrets: ${file#"$out"/} holds a classmate's code"
done

# The honest students: their rows and results.json as when they were graded alone.
for ((i = 1; i < ${#honest_records[@]}; i++)); do
  csv_fields "${honest_records[i]}"
  name_key "${FIELDS[0]}"
  row=${row_of[$KEY]:-}
  [[ -n $row ]] || fail "honest student $(shown "${FIELDS[0]}") has no row in grades.csv"
  [[ ${out_records[row]} == "${honest_records[i]}" ]] || fail "honest student $(shown "${FIELDS[0]}") was graded differently beside the hostile class:
  alone:  $(cat -v <<<"${honest_records[i]}")
  beside: $(cat -v <<<"${out_records[row]}")"
done
for file in "$honest_out"/*/results.json; do
  slug=${file%/results.json}
  slug=${slug##*/}
  [[ -f $out/$slug/results.json ]] || fail "honest student $slug has no results.json beside the hostile class"
  [[ $(sha256sum <"$file") == "$(sha256sum <"$out/$slug/results.json")" ]] ||
    fail "honest student $slug: results.json differs from HONEST_OUT's"
done

# The others: each as the table says.
for name in "${students[@]}"; do
  name_key "$name"
  who=$(shown "$name")
  [[ -n ${row_of[$KEY]:-} ]] || fail "$who has no row in grades.csv"
  total=${total_of[$KEY]}
  want=${expect_total[$name]}
  case $want in
    '<='*) ((total <= ${want#<=})) || fail "$who scored $total, more than ${want#<=}" ;;
    '='*) ((total == ${want#=})) || fail "$who scored $total, not ${want#=}" ;;
  esac

  says=${expect_says[$name]}
  if [[ $says != - ]]; then
    results=$out/$name/results.json
    [[ -f $results ]] || fail "$who has no results.json at out/$name/"
    IFS='&' read -ra requirements <<<"$says"
    for requirement in "${requirements[@]}"; do
      IFS=';' read -ra alternatives <<<"$requirement"
      found=no
      for text in "${alternatives[@]}"; do
        if grep -qaF -- "$text" "$results"; then
          found=yes
        fi
      done
      [[ $found == yes ]] || fail "$who: results.json says none of: ${alternatives[*]}"
    done
  fi

  flags=${flags_of[$KEY]}
  case ${expect_flagged[$name]} in
    no) [[ $flags != *maze.hpp:* ]] || fail "$who was flagged, and should not be: $(cat -v <<<"$flags")" ;;
    yes) [[ $flags == *maze.hpp:* ]] || fail "$who was not flagged" ;;
    lines)
      while IFS=: read -r line text; do
        [[ $text == *'[flag next line]'* ]] && line=$((line + 1))
        [[ $flags == *"maze.hpp:$line:"* ]] || fail "$who: maze.hpp line $line is not flagged; the flags are: $(cat -v <<<"$flags")"
      done < <(grep -n -e '\[flag\]' -e '\[flag next line\]' "$in/$name/maze.hpp")
      ;;
  esac
done

# A name that starts like a formula stays text in a spreadsheet.
name_key "$FORMULA_NAME"
csv_fields "${out_records[${row_of[$KEY]}]}"
[[ ${FIELDS[0]} == "'="* ]] || fail "$(shown "$FORMULA_NAME"): the grades.csv cell does not start with ' and a spreadsheet runs it: $(cat -v <<<"${FIELDS[0]}")"

# Every report is valid UTF-8; JSON and XML hold no raw control character.
utf8='^(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})*+$'
while IFS= read -r -d '' file; do
  bad=$(grep -naPv -m1 -- "$utf8" "$file" | cut -c1-200 | cat -v) || true
  [[ -z $bad ]] || fail "${file#"$out"/} is not valid UTF-8: $bad"
  case $file in
    *.json) ! grep -qaP '[\x00-\x09\x0B-\x1F]' "$file" || fail "${file#"$out"/} holds a raw control character" ;;
    *.xml | *.html) ! grep -qaP '[\x00-\x08\x0B\x0C\x0E-\x1F]|\xEF\xBF[\xBE\xBF]' "$file" ||
      fail "${file#"$out"/} holds a character XML does not allow" ;;
  esac
done < <(find "$out" -type f \( -name '*.json' -o -name '*.xml' -o -name '*.csv' -o -name '*.html' \) -print0)

# The terminal: no raw escape byte, no row forged by a name with a newline, valid UTF-8.
! grep -qaF $'\e' "$logs/grade.txt" || fail "mazekit grade printed a raw escape byte: $(grep -naF $'\e' "$logs/grade.txt" | excerpt)"
! grep -qa '^complete          1111111111111111111111' "$logs/grade.txt" ||
  fail "mazekit grade printed the row forged by $(shown "$FORGED_ROW_NAME")"
bad=$(grep -naPv -m1 -- "$utf8" "$logs/grade.txt" | cut -c1-200 | cat -v) || true
[[ -z $bad ]] || fail "mazekit grade printed text that is not UTF-8: $bad"

# Nothing filled --out: at most twice the honest run's size per student, and 16 MB.
honest_kb=$(du -sk -- "$honest_out" | cut -f1)
out_kb=$(du -sk -- "$out" | cut -f1)
limit_kb=$((honest_kb * 2 * class_size / (${#honest_records[@]} - 1) + 16384))
((out_kb <= limit_kb)) || fail "--out holds $out_kb KB, more than $limit_kb KB (disk-filler?)"

if [[ -f $kit/tests/mazekit/check_junit.sh ]]; then
  bash "$kit/tests/mazekit/check_junit.sh" "$out" || fail "tests/mazekit/check_junit.sh rejected a junit.xml in --out"
fi

echo "check_hostile: every requirement holds for $class_size submissions"
