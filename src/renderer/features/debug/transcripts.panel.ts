import type { PanelRegistration } from '../../state/tabStore';
import { TranscriptsPanel } from './TranscriptsPanel';

export const panel: PanelRegistration = {
  id: 'saved-transcripts',
  title: 'Saved',
  area: 'left',
  order: 21,
  component: TranscriptsPanel,
};
