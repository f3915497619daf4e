import type { PanelRegistration } from '../../state/tabStore';
import { McpTrafficPanel } from './traffic/McpTrafficPanel';

export const panel: PanelRegistration = {
  id: 'mcp-traffic',
  title: 'MCP traffic',
  area: 'right',
  order: 20,
  component: McpTrafficPanel,
};
