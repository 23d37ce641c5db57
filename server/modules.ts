/**
 * The server's modules, in start-up order. Each registers its call handlers, jobs and routes on the ModuleHost
 * (server/context.ts). A new feature adds one line here.
 */
import { accountDeletionModule } from './account-deletion/module'
import { accountsModule } from './accounts/module'
import { consoleModule } from './console/module'
import { contentModule } from './content/module'
import type { ServerModule } from './context'
import { countryModule } from './country/module'
import { couponsModule } from './coupons/module'
import { eventsModule } from './events/module'
import { feedbackModule } from './feedback/module'
import { housekeepingModule } from './housekeeping'
import { loansModule } from './loans/module'
import { profileModule } from './profile/module'
import { ratingModule } from './rating/module'

export const MODULES: readonly ServerModule[] = [
  accountsModule,
  profileModule,
  loansModule,
  // Borrower services: feedback, coupons, content, country, events, the rating prompt, account deletion.
  feedbackModule,
  couponsModule,
  contentModule,
  countryModule,
  eventsModule,
  ratingModule,
  accountDeletionModule,
  // The lender's staff console (issue 20): its own API under /console/api.
  consoleModule,
  housekeepingModule,
]
