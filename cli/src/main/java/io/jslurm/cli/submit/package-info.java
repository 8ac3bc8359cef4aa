/**
 * The submission front end shared by sbatch, srun and salloc: one option table ({@link
 * io.jslurm.cli.submit.SubmitOptions}) with each option's getopt form, its input environment variables per command
 * and the field it sets, and the typed, immutable {@link io.jslurm.cli.submit.JobSubmission} that results.
 *
 * <h2>Precedence</h2>
 * As in Slurm, {@code #SBATCH} directives are applied first, then the command's input environment variables
 * ({@code SBATCH_*}), then the command line; a later value replaces an earlier one. The memory options are the
 * exception Slurm makes: {@code --mem}, {@code --mem-per-cpu} and {@code --mem-per-gpu} conflict when two of them
 * come from the script and command line together, or two from the environment, and one from the script or
 * command line silently replaces one from the environment.
 *
 * <h2>Messages</h2>
 * A refusal keeps Slurm's text and exit status (checked against Slurm 22.05 by
 * {@code src/test/slurm/compare-with-slurm.sh}); when the value came from a script line or a variable, the
 * message names it first: {@code sbatch: error: line 4 of train.sh: Invalid --time specification}.
 * jslurm refuses some values Slurm's client passes on for the controller to judge (a non-numeric
 * {@code --priority} or {@code --nice}, unknown {@code --mail-type} words after a valid one, malformed
 * {@code --array}, {@code --dependency} and {@code --gpus} values), and refuses by name the options Slurm has and
 * jslurm does not support yet ({@code --container}, {@code --clusters}, {@code --bb}...).
 *
 * <h2>The job's environment</h2>
 * {@code --export} (default {@code ALL}) filters the submitting environment; {@code SLURM_*} variables always
 * pass, and nothing is scrubbed at the client: the node overwrites the job-specific ones. sbatch adds
 * {@code SLURM_SUBMIT_DIR} and {@code SLURM_SUBMIT_HOST}, {@code SLURM_EXPORT_ENV} when {@code --export} was
 * given (so that steps inherit the rule), and {@code SLURM_GET_USER_ENV=1} with {@code --get-user-env}.
 */
package io.jslurm.cli.submit;
