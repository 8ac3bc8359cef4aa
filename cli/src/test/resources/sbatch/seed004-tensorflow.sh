#!/bin/bash
#SBATCH --job-name=tensorflow_train
#SBATCH --output=logs/train_%j.out
#SBATCH --error=logs/train_%j.err
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=8
#SBATCH --mem=64G
#SBATCH --time=24:00:00

module load singularity/3.8

singularity exec \
    --nv \
    --bind /data:/mnt \
    docker://tensorflow/tensorflow:latest-gpu-jupyter \
    python /mnt/train_model.py
