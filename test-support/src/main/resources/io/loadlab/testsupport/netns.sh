#!/usr/bin/env bash
# The one network-namespace topology of loadlab, run by tests (io.loadlab.testsupport.NetnsLink) and by
# bench/experiment-netns.sh alike: a namespace NS joined to the root namespace by a veth pair, HOST_IF (root side)
# with HOST_ADDR/30 and NS_IF (in NS) with NS_ADDR/30, lo up in NS, and the NS side's egress (answers going back to
# the root namespace: the direction a bandwidth limit bites in the reference) shaped by a tbf at RATE.
#   netns.sh up NS HOST_IF NS_IF HOST_ADDR NS_ADDR [RATE]   removes leftovers of the same names first
#   netns.sh shape NS NS_IF RATE                            replaces the tbf
#   netns.sh unshape NS NS_IF                               removes it (a tbf at 10 Gbit/s with a small burst throttles)
#   netns.sh route NS ADDR VIA                              routes ADDR (another root-namespace address) via VIA, the host side
#   netns.sh down NS HOST_IF                                kills what runs in NS, removes NS and the veth; never fails
# Needs root (or CAP_NET_ADMIN) and iproute2.
set -euo pipefail

down() {
  local p
  for p in $(ip netns pids "$1" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
  ip netns del "$1" 2>/dev/null || true
  ip link del "$2" 2>/dev/null || true
}
# burst 32kbit, latency 50ms: small enough that the rate holds over a 1 s window at 10-100 Mbit/s
shape() { ip netns exec "$1" tc qdisc replace dev "$2" root tbf rate "$3" burst 32kbit latency 50ms; }
unshape() { ip netns exec "$1" tc qdisc del dev "$2" root 2>/dev/null || true; }
route() { ip netns exec "$1" ip route replace "$2/32" via "$3"; }
up() {
  local ns=$1 host_if=$2 ns_if=$3 host_addr=$4 ns_addr=$5 rate=${6:-}
  down "$ns" "$host_if"
  ip netns add "$ns"
  ip link add "$host_if" type veth peer name "$ns_if"
  ip link set "$ns_if" netns "$ns"
  ip addr add "$host_addr/30" dev "$host_if"
  ip link set "$host_if" up
  ip netns exec "$ns" ip addr add "$ns_addr/30" dev "$ns_if"
  ip netns exec "$ns" ip link set "$ns_if" up
  ip netns exec "$ns" ip link set lo up
  if [ -n "$rate" ]; then shape "$ns" "$ns_if" "$rate"; fi
}

case "${1:-}" in
  up) shift; [ $# -ge 5 ] || { echo "usage: $0 up NS HOST_IF NS_IF HOST_ADDR NS_ADDR [RATE]" >&2; exit 2; }; up "$@" ;;
  shape) shift; [ $# -eq 3 ] || { echo "usage: $0 shape NS NS_IF RATE" >&2; exit 2; }; shape "$@" ;;
  unshape) shift; [ $# -eq 2 ] || { echo "usage: $0 unshape NS NS_IF" >&2; exit 2; }; unshape "$@" ;;
  route) shift; [ $# -eq 3 ] || { echo "usage: $0 route NS ADDR VIA" >&2; exit 2; }; route "$@" ;;
  down) shift; [ $# -eq 2 ] || { echo "usage: $0 down NS HOST_IF" >&2; exit 2; }; down "$@" ;;
  *) echo "usage: $0 up|shape|unshape|route|down ..." >&2; exit 2 ;;
esac
