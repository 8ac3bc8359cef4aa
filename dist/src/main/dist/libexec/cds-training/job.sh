#!/bin/bash
# A typical training job: the #SBATCH options a command parses on most submissions.
#SBATCH --job-name=train-llm
#SBATCH --partition=batch
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:8
#SBATCH --mem=0
#SBATCH --time=2-00:00:00
#SBATCH --output=logs/%x-%j.out
#SBATCH --error=logs/%x-%j.err
#SBATCH --exclusive
#SBATCH --requeue
#SBATCH --signal=B:USR1@300
#SBATCH --mail-type=END,FAIL
#SBATCH --comment="nightly run"
#SBATCH --export=ALL,NCCL_DEBUG=WARN
#SBATCH --array=0-3%1
#SBATCH --dependency=singleton
#SBATCH --nice=10
#SBATCH --open-mode=append
srun python train.py --config config.yaml
