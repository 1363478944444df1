#!/bin/bash
# The peer of bench section 7 (timerd-bench, Bar.swift): a status-bar timer the way the
# shell-script timers for bars do it, written afresh for the benchmark from how they work:
#
# - waybar-timer.sh (github.com/jbirnick/waybar-timer, a shell script until its rewrite in
#   Rust in December 2024; MIT, Johann Birnick) keeps its timer in files (the expiry instant,
#   or the seconds left while paused) and, each time the bar asks, prints one line of waybar
#   JSON: the minutes left, and a tooltip "Timer expires at HH:MM" worked out with date(1).
#   Each piece of that is a function run in a command substitution, so each tick starts its
#   subshells and date and cat processes afresh; this script starts the same ones.
# - Its sibling polybar-timer.sh (github.com/jbirnick/polybar-timer), whose README
#   waybar-timer's first README pointed to for a "tail process", is the loop: one bash that
#   prints a line, runs `sleep N &` and `wait`s for it, for ever, and prints at once on SIGUSR1.
#
# Usage: waybar-timer.sh new MINUTES | togglepause | print | tail SECONDS
# The timer lives in $WAYBAR_TIMER_DIR (the originals use a fixed /tmp directory). `tail`
# ends on SIGTERM after reaping its children, so that what its whole tree used is in the
# rusage its parent gets from wait4 (the originals just die).
dir=${WAYBAR_TIMER_DIR:-/tmp/waybar-timer}

now() { date --utc +%s; }
expiry() { cat "$dir/expiry"; }
left_paused() { cat "$dir/paused"; }
left() { echo $(( $(expiry) - $(now) )); }
minutes() { echo $(( ( $(left) + 59 ) / 60 )); }
minutes_paused() { echo $(( ( $(left_paused) + 59 ) / 60 )); }
is_set() { [ -d "$dir" ]; }
is_paused() { [ -f "$dir/paused" ]; }

tick() {
  # Due? The originals then run the timer's command and clear it.
  if is_set; then
    if is_paused; then due=$(( $(minutes_paused) <= 0 )); else due=$(( $(minutes) <= 0 )); fi
    [ "$due" = 1 ] && rm -rf "$dir"
  fi
  if ! is_set; then
    echo '{"text": "0", "alt": "standby", "tooltip": "No timer set", "class": "timer"}'
  elif is_paused; then
    echo "{\"text\": \"$(minutes_paused)\", \"alt\": \"paused\", \"tooltip\": \"Timer paused\", \"class\": \"timer\"}"
  else
    echo "{\"text\": \"$(minutes)\", \"alt\": \"running\", \"tooltip\": \"Timer expires at $(date -d "$(left) sec" +%H:%M)\", \"class\": \"timer\"}"
  fi
}

case $1 in
  new)
    rm -rf "$dir" && mkdir -p "$dir" && echo $(( $(now) + 60 * $2 )) > "$dir/expiry"
    ;;
  togglepause)
    is_set || exit 1
    if is_paused; then
      echo $(( $(now) + $(left_paused) )) > "$dir/expiry" && rm -f "$dir/paused"
    else
      left > "$dir/paused" && rm -f "$dir/expiry"
    fi
    ;;
  print)
    tick
    ;;
  tail)
    stop=
    trap 'stop=1' TERM
    trap tick USR1
    while [ -z "$stop" ]; do
      tick
      [ -n "$stop" ] && break
      sleep "$2" &
      wait "$!"
      if [ -n "$stop" ]; then kill "$!" 2>/dev/null; wait "$!"; fi
    done
    exit 0
    ;;
  *)
    echo "usage: $0 new MINUTES | togglepause | print | tail SECONDS" >&2
    exit 2
    ;;
esac
