#!/usr/bin/env bash
# FitQuest Monte Carlo shards as a Slurm job array (docs/scale.md).
# Submit: jobid=$(sbatch --parsable --array=0-7 docs/deploy/slurm-array.sh)
#         sbatch --dependency=afterok:$jobid --wrap 'fitquest merge parts/part-*.json > report.txt'
#SBATCH --job-name=fitquest-shard
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --time=01:00:00
#SBATCH --output=logs/shard-%a.log
set -euo pipefail
shards=${SLURM_ARRAY_TASK_COUNT:-8}
index=${SLURM_ARRAY_TASK_ID:?run as a job array: sbatch --array=0-7}
mkdir -p parts
# Write to a temporary name and rename, so the merge never reads a half-written part.
fitquest sweep --runs 2000 --set xp.categories.strength.multiplier=1.0..1.5:0.1 --format csv \
  --threads "${SLURM_CPUS_PER_TASK:-2}" --shard "$index/$shards" scenarios > "parts/part-$index.json.tmp"
mv "parts/part-$index.json.tmp" "parts/part-$index.json"
