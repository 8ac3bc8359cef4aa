#!/bin/bash
#SBATCH --gres=gpu:1 --mem-per-gpu=10G

singularity exec --nv \
    docker://registry.internal/tf-custom:2.0 \
    python /mnt/train.py
