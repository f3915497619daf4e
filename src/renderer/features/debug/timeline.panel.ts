import { registerPanel } from '../../app/panels/registry';
import { TimelinePanel } from './TimelinePanel';

registerPanel({ id: 'timeline', title: 'Timeline', area: 'right', order: 20, component: TimelinePanel });
