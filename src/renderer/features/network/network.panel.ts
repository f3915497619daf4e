import { registerPanel } from '../../app/panels/registry';
import { NetworkPanel } from './NetworkPanel';

registerPanel({ id: 'network', title: 'Network', area: 'left', order: 20, component: NetworkPanel });
