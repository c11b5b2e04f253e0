import { createSlot } from '../slot';

export interface ShareLinkDialogProps {
  kendaraanId: number;
  nomorPolisi: string;
  open: boolean;
  onClose: () => void;
}

/** Sharing a vehicle's live location, as the share feature draws it (the shell provides it). */
export const { Provider: ShareLinkDialogProvider, Slot: ShareLinkDialog } =
  createSlot<ShareLinkDialogProps>('ShareLinkDialog');
