/** individualCustomers/bindPhone: the account the chat app created binds a phone before
 * anything else (docs/product.md §1); the route guard and any refused call bring the visitor here. */
import Login from './Login.tsx';

export default function BindPhone() {
  return <Login bind />;
}
