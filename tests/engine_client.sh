#!/bin/sh
# A client of `bieten engine` in plain POSIX sh (docs/protocol.md): it pipes a fixed request script
# through the engine given as its arguments and checks the replies with grep. Prints "ok" and exits 0
# when every check holds; otherwise names the first failing check and exits 1.
#
#   sh tests/engine_client.sh bieten engine
#   sh tests/engine_client.sh python -m bieten engine
set -u
[ "$#" -gt 0 ] || { echo "usage: $0 ENGINE-COMMAND..." >&2; exit 2; }

replies=$("$@" <<'REQUESTS'
{"type":"hello","id":1,"protocols":[1]}
{"type":"new","id":2,"kind":"bieten","rules":{"players":2},"seed":7}
{"type":"legal","id":3,"game":"g1"}
{"type":"apply","id":4,"game":"g1","seat":1,"ply":0,"action":"bid red"}
{"type":"apply","id":5,"game":"g1","seat":1,"ply":1,"action":"good"}
{"type":"apply","id":6,"game":"g1","seat":0,"ply":0,"action":"good"}
{"type":"bot","id":7,"game":"g1","seat":0,"ply":1,"agent":"heuristic","budget":{"time_ms":100}}
{"type":"events","id":8,"game":"g1","seat":0,"since":1}
this is not JSON
{"type":"new","id":9,"kind":"schnapsen","seed":7}
{"type":"save","id":10,"game":"g2"}
{"type":"quit","id":11}
REQUESTS
)
status=$?

fail() { echo "engine_client.sh: $1" >&2; printf '%s\n' "$replies" >&2; exit 1; }
expect() { printf '%s\n' "$replies" | grep -q -- "$2" || fail "$1: no reply matches $2"; }

[ "$status" -eq 0 ] || fail "the engine exited with status $status"
count=$(printf '%s\n' "$replies" | wc -l | tr -d ' ')
[ "$count" -eq 12 ] || fail "expected 12 replies, one per request line, not $count"
expect "handshake" '^{"type":"hello","id":1,"protocol":1,"engine":"bieten"'
expect "new game" '^{"type":"game","id":2,"game":"g1","family":"bieten",'
expect "legal actions" '^{"type":"legal","id":3,.*"ply":0,"current_player":1,.*{"id":[0-9]*,"text":"bid red"}'
expect "client move" '^{"type":"applied","id":4,"game":"g1","seat":1,"ply":0,"action":{"id":[0-9]*,"text":"bid red"},"by":null'
expect "wrong seat" '^{"type":"error","id":5,"code":"wrong_seat","message":"R9: '
expect "stale ply" '^{"type":"error","id":6,"code":"stale_ply","message":"R9: '
expect "bot move" '^{"type":"applied","id":7,"game":"g1","seat":0,"ply":1,.*"by":"heuristic"'
expect "events" '^{"type":"events","id":8,"game":"g1","seat":0,"since":1,"next":[0-9]*,"events":\[{"type":"bid_opened","seq":1,'
expect "not JSON" '^{"type":"error","id":null,"code":"bad_json",'
expect "second game" '^{"type":"game","id":9,"game":"g2","family":"schnapsen",'
expect "record" '^{"type":"saved","id":10,"game":"g2","family":"schnapsen","record":{"format":"bieten-schnapsen-game",'
expect "goodbye" '^{"type":"bye","id":11}$'
echo ok
