import { Flex } from 'antd';
import { RoleDialogContainer } from '../shell/role-dialog-container';

/** /choose-role: the Choose Role dialog open, without the shell. */
export function ChooseRolePage() {
  return (
    <Flex className="auth-page choose-role-page">
      <RoleDialogContainer alwaysOpen />
    </Flex>
  );
}
