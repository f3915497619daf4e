import { registerPanel } from '../../app/panels/registry';
import { TranscriptsPanel } from './TranscriptsPanel';

registerPanel({
  id: 'saved-transcripts',
  title: 'Saved',
  area: 'left',
  order: 21,
  component: TranscriptsPanel,
});
