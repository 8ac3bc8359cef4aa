/**
 * Reading a cluster's configuration files into typed, immutable records.
 *
 * <p>{@link io.jslurm.conf.ConfLoader} is the entry point: {@code load(slurm.conf)} gives a
 * {@link io.jslurm.conf.LoadedConfig} (slurm.conf, and gres.conf and cgroup.conf from the same directory)
 * with its warnings, or throws a {@link io.jslurm.conf.ConfException} listing every error with its file and
 * line. File access goes through {@link io.jslurm.conf.ConfFiles}, so parsing is pure given the files'
 * text. The keys each file may hold, with Slurm's defaults and whether this project acts on them yet, are
 * in {@link io.jslurm.conf.parse.SlurmConfKeys} and the {@code *ConfKeys} tables beside each parser.
 */
package io.jslurm.conf;
