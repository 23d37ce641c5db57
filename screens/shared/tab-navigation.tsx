/**
 * The bottom tabs (spec §2: home, records, me) for the tab screens: the kit's TabBar, where choosing a tab is the
 * journey's routable-state event for that tab (screens know no URLs). The Me tab shows a dot while a support reply
 * is unread.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import type { JourneyEvent } from '../../machines/journey/journey-context'
import { TabBar, type TabName } from '../../ui/tab-bar'
import type { JourneyRef } from '../screen-props'
import { selectUnreadReplies } from './journey-selectors'
import { routeTo } from './route-to'

const TAB_EVENT: Readonly<Record<TabName, JourneyEvent>> = {
  home: routeTo('home'),
  records: routeTo('records'),
  me: routeTo('me'),
}

export function TabNavigation({ journey, current }: { journey: JourneyRef; current: TabName }): ReactElement {
  const unread = useSelector(journey, selectUnreadReplies)
  return (
    <TabBar
      current={current}
      marked={unread ? ['me'] : []}
      onSelect={(tab) => tab !== current && journey.send(TAB_EVENT[tab])}
    />
  )
}
