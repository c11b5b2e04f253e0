import { ConfigProvider } from 'antd';
// antd's own pieces of its App (antd has no `exports` map; these are its documented `es/` modules).
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { useContext, useMemo, type ReactNode } from 'react';

function noModal(): never {
  throw new Error('useApp() has no modal: a component that asks for a confirmation uses Modal.useModal()');
}
const modal: ModalHookAPI = {
  info: noModal,
  success: noModal,
  error: noModal,
  warning: noModal,
  confirm: noModal,
};

/**
 * antd's `App` (the root with antd's base text styles and `useApp()`'s message and notification), without
 * its modal hook: that brought antd's Modal, with the Skeleton its loading state shows, into every
 * page's first load (~12 kB compressed) for the one component that asks for a confirmation, which uses
 * `Modal.useModal()` itself.
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [messageApi, messageHolder] = useMessage();
  const [notificationApi, notificationHolder] = useNotification();
  const value = useMemo<useAppProps>(
    () => ({ message: messageApi, notification: notificationApi, modal }),
    [messageApi, notificationApi],
  );
  return (
    <AppContext.Provider value={value}>
      <div
        className={[hashId, prefixCls, cssVarCls, direction === 'rtl' && `${prefixCls}-rtl`]
          .filter(Boolean)
          .join(' ')}
      >
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** The message and notification APIs of the FeedbackApp around the page (as antd's `App.useApp()`). */
export function useApp(): Omit<useAppProps, 'modal'> {
  return useContext(AppContext);
}
