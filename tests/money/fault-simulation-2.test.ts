/** The fault simulation, second half of the seeds (see fault-simulation.test.ts). */
import { simulationSuite } from './simulation-suite'

simulationSuite(1, 2)
