# What the command-line test scripts share; sourced after they set
#   case_name=$1 nmt=$2 repo=$3
# It gives $data (the bundled corpus), a scratch $work removed on exit,
# OMP_WAIT_POLICY=PASSIVE, and fail MESSAGE.
data=$repo/data/bible-en-es
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL: $*"; exit 1; }
