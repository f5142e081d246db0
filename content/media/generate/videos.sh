#!/bin/sh
# Generates the placeholder videos in content/media/video/: 8-second seamless
# loops of slow gradient motion, 960x540, H.264 Main yuv420p, +faststart, no
# audio. The gradient is periodic in t with period 8 s, so the last frame flows
# into the first. Encoding is single-threaded with bit-exact flags, so a run
# writes the same bytes every time (with the same ffmpeg/x264 build).
#
#   sh content/media/generate/videos.sh [name ...]
#
# Each video's poster is an image entry "<name>-poster" in images.json.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out="$here/../video"
font=${FONT_FILE:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
ffmpeg=${FFMPEG:-ffmpeg}
mkdir -p "$out"

# name | colour A (r g b) | colour B (r g b) | label
videos='charity-intro|15 42 61|127 146 122|Foundation introduction
careers-background|29 65 87|205 184 147|Careers background
partner-prinsengrachtconcert|15 42 61|176 141 87|Prinsengrachtconcert
partner-dutch-national-opera|58 31 43|168 161 150|Dutch National Opera'

render() {
  name=$1 a=$2 b=$3 label=$4
  set -- $a; ar=$1 ag=$2 ab=$3
  set -- $b; br=$1 bg=$2 bb=$3
  # m in [0,1]: two slow diagonal waves, both periodic in 8 s (T/8*2*PI and T/4*2*PI).
  m="(0.5+0.32*sin(2*PI*(X/W*0.9+Y/H*0.5)-2*PI*T/8)+0.18*sin(2*PI*(Y/H*0.8-X/W*0.3)+2*PI*T/4))"
  "$ffmpeg" -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "nullsrc=s=192x108:r=25:d=8" \
    -vf "geq=r='$ar+($br-$ar)*$m':g='$ag+($bg-$ag)*$m':b='$ab+($bb-$ab)*$m',scale=960:540:flags=bicubic,drawtext=fontfile=$font:text='PLACEHOLDER VIDEO  ·  $label':fontsize=16:fontcolor=0xf3eee4@0.85:box=1:boxcolor=0x0f2a3d@0.55:boxborderw=10:x=24:y=h-th-28,format=yuv420p" \
    -an -c:v libx264 -threads 1 -profile:v main -preset slow -crf 24 -tune animation \
    -g 50 -pix_fmt yuv420p -movflags +faststart \
    -fflags +bitexact -flags:v +bitexact -map_metadata -1 \
    "$out/$name.mp4"
  printf '%s.mp4 %s bytes\n' "$name" "$(wc -c < "$out/$name.mp4" | tr -d ' ')"
}

printf '%s\n' "$videos" | while IFS='|' read -r name a b label; do
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  render "$name" "$a" "$b" "$label"
done
