/** The unit lane's fast-check budget: every property runs its runs, or as many as 3 s allow when
 * the machine is busy (the runs done found no counterexample: still a pass), so no property
 * outlives the lane's test timeout (vitest.config.ts). */
import fc from 'fast-check';

fc.configureGlobal({ interruptAfterTimeLimit: 3000, markInterruptAsFailure: false });
