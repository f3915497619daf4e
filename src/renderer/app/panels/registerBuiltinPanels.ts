import { ResultPane } from './ResultPane';
import { ConsoleView } from '../../features/console/ConsoleView';
import { SnippetList } from '../../features/snippets/SnippetList';
import { ProvidersPane } from '../../features/providers/ProvidersPane';
import { TranscriptPane } from '../../features/transcript/TranscriptPane';
import { registerPanel } from './registry';

registerPanel({ id: 'snippets', title: 'Snippets', area: 'left', order: 0, component: SnippetList });
registerPanel({ id: 'providers', title: 'Providers', area: 'left', order: 1, component: ProvidersPane });
registerPanel({ id: 'result', title: 'Result', area: 'bottom', order: 0, component: ResultPane });
registerPanel({ id: 'console', title: 'Console', area: 'bottom', order: 1, component: ConsoleView });
registerPanel({ id: 'transcript', title: 'Transcript', area: 'right', order: 0, component: TranscriptPane });
