import type { McpTool } from '../mcp-tool';
import { askAdvisorTool } from './ask-advisor.tool';
import { getAdvisorSessionTool } from './get-advisor-session.tool';
import { startAdvisorSessionTool } from './start-advisor-session.tool';
import { cancelBookingTool } from './cancel-booking.tool';
import { cancelBookingRoomTool } from './cancel-booking-room.tool';
import { confirmBookingTool } from './confirm-booking.tool';
import { createHoldTool } from './create-hold.tool';
import { createQuoteTool } from './create-quote.tool';
import { findBookingTool } from './find-booking.tool';
import { getBookingAuditTool } from './get-booking-audit.tool';
import { getBookingTool } from './get-booking.tool';
import { getCancellationPreviewTool } from './get-cancellation-preview.tool';
import { getPropertyFullTool } from './get-property-full.tool';
import { getPropertyTool } from './get-property.tool';
import { modifyBookingTool } from './modify-booking.tool';
import { releaseHoldTool } from './release-hold.tool';
import { searchTool } from './search.tool';
import { verifyReceiptTool } from './verify-receipt.tool';

/** Every MCP tool, in the order of the booking chain. A new tool: one file here and one line below. */
export const MCP_TOOLS: readonly McpTool[] = [
  searchTool,
  getPropertyTool,
  getPropertyFullTool,
  createQuoteTool,
  createHoldTool,
  releaseHoldTool,
  confirmBookingTool,
  findBookingTool,
  getBookingTool,
  getCancellationPreviewTool,
  cancelBookingTool,
  cancelBookingRoomTool,
  modifyBookingTool,
  getBookingAuditTool,
  verifyReceiptTool,
  startAdvisorSessionTool,
  askAdvisorTool,
  getAdvisorSessionTool,
];
