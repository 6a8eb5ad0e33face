#!/usr/bin/env bash
# snapshot.sh SRC OUTFILE: builds wbtool from the checkout SRC and records
# stdout/stderr/exit codes and output hashes of a fixed set of commands, so
# that two checkouts can be compared (diff the two OUTFILEs): the byte-
# identity check of a move of code (ARCHITECTURE.md). Generated trees are
# read from /tmp/snapgen/wb and /tmp/snapgen/ws when present (go run
# ./testdata/gen -out /tmp/snapgen/wb ...).
set -u
SRC=$1; OUT=$2
W=/tmp/snapwork.$$; rm -rf $W; mkdir -p $W
export SOURCE_DATE_EPOCH=0 WBTOOL_NO_COLOR=1
(cd $SRC && go build -o $W/wbtool ./cmd/wbtool) || { echo build failed; exit 1; }
B=$W/wbtool
# trees: both starters, a broken copy of each, the generated trees if
# present, and the other games' starters
cp -r $SRC/content $W/wb; rm -rf $W/wb/warstuff
WS=$SRC/content/warstuff; [ -d $WS ] || WS=$(dirname $(ls $SRC/games/warstuff/*/game.cue | head -1))
cp -r $WS $W/ws; rm -f $W/ws/*.go
cp -r $W/wb $W/wbbad; f=$(ls $W/wbbad/cards/*/*.cue 2>/dev/null | head -1); [ -n "$f" ] || f=$(find $W/wbbad/cards -name '*.cue' | sort | head -1); sed -i '0,/speed: *[0-9]*/s//speed: 99/' $f; echo 'broken: {' >> $(find $W/wbbad/cards -name '*.cue' | sort | tail -1)
cp -r $W/ws $W/wsbad; echo 'oops: ' >> $(find $W/wsbad -name '*.cue' | sort | tail -1)
# the other games' starters, so that a move is checked on every game
for g in unbound convicted; do cp -r $SRC/games/$g/starter $W/$g; rm -f $W/$g/*.go; done
trees="wb ws wbbad wsbad unbound convicted"
[ -d /tmp/snapgen/wb ] && { cp -r /tmp/snapgen/wb $W/genwb; trees="$trees genwb"; }
[ -d /tmp/snapgen/ws ] && { cp -r /tmp/snapgen/ws $W/genws; trees="$trees genws"; }
: > $OUT
hashes() { # dir prefix: sha256 of every file, the work folder's path replaced
  python3 - "$1" "$2" "$W" <<'PY' >> $OUT
import hashlib, os, sys
d, pre, w = sys.argv[1], sys.argv[2], sys.argv[3].encode()
for root, _, files in sorted(os.walk(d)):
    for f in sorted(files):
        if f == "manifest.json": continue
        p = os.path.join(root, f)
        b = open(p, "rb").read().replace(w, b"W")
        print(pre, hashlib.sha256(b).hexdigest(), os.path.relpath(p, d))
PY
}
run() { # name args...
  local name=$1; shift
  (cd $W && $B "$@" >$W/o 2>$W/e); echo "== $name exit=$?" >> $OUT
  sed "s|$W|W|g" $W/o >> $OUT; echo "-- stderr" >> $OUT; sed "s|$W|W|g" $W/e | grep -v -E "took|[0-9.]+ ?(ms|s)\b" >> $OUT
}
for t in $trees; do
  run "$t validate" validate --content $t
  run "$t check" check --content $t
  rm -rf $W/out-$t; run "$t build" build --content $t --out out-$t
  [ -d $W/out-$t ] && hashes $W/out-$t "$t:"
done
for t in wb ws; do
  # draft mode: a third language's pages (Warstuff's German), placeholders
  rm -rf $W/d-$t; run "$t build --draft" build --draft --content $t --out d-$t
  [ -d $W/d-$t ] && hashes $W/d-$t "draft-$t:"
  rm -rf $W/p-$t; run "$t print" print --content $t --out p-$t
  run "$t export tts" export tts --content $t --out p-$t
  [ $t = wb ] && run "$t export png" export png --profile tgc --deck clans-vigil --content $t --out p-$t
  [ -d $W/p-$t ] && hashes $W/p-$t "print-$t:"
  run "$t play" play --content $t --seed 7 --log $W/play-$t.log
  [ -f $W/play-$t.log ] && sha256sum < $W/play-$t.log | sed "s|^|playlog-$t: |" >> $OUT
  run "$t sim" sim --content $t --games 6 --seed 3
  run "$t i18n" i18n --content $t
done
rm -rf $W
echo "snapshot: $(wc -l < $OUT) lines in $OUT"
