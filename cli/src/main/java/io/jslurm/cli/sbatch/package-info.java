/**
 * The sbatch command: {@link io.jslurm.cli.sbatch.SbatchParser} reads the command line, the script's
 * {@code #SBATCH} directives and the environment into a {@link io.jslurm.cli.submit.JobSubmission}.
 *
 * <p>Directives are taken literally, as Slurm takes them: {@code #SBATCH --nodes=$NUM_NODES} is refused with
 * {@code "$NUM_NODES" is not a valid node count}, and since the script is read before the command line, even
 * {@code sbatch -N 2 script} does not rescue it. Such a template must have the directive removed and the value
 * passed on the command line ({@code sbatch --nodes=$NUM_NODES script}), or be expanded before submission.
 *
 * <p>Defaults applied here: the job name is the script's file name ({@code wrap} for {@code --wrap},
 * {@code sbatch} for a script on standard input); the working directory is the current one; output goes to
 * {@code slurm-%j.out}, or {@code slurm-%A_%a.out} for an array.
 */
package io.jslurm.cli.sbatch;
