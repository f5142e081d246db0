#!/usr/bin/env bash
# Writes the sample feed's one video, media/D4E05AQGq2LwN5cJ8rA.mp4: a 4 second,
# 640x360, silent H.264 clip of a slowly drifting dusk gradient in the firm's
# palette. Flags keep the output byte-identical between runs (single thread,
# bitexact muxing). Needs ffmpeg with libx264 (Debian: apt-get install ffmpeg).
#
#   bash internal/feedsample/make-video.sh
set -euo pipefail
cd "$(dirname "$0")"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=640x360:c0=0x1b2a41:c1=0xc9a66b:c2=0x223a5e:n=3:speed=0.015:d=4:r=25:seed=7" \
  -c:v libx264 -preset medium -crf 30 -pix_fmt yuv420p -threads 1 -x264-params threads=1 \
  -movflags +faststart -fflags +bitexact -flags:v +bitexact -map_metadata -1 -an \
  media/D4E05AQGq2LwN5cJ8rA.mp4
