import { createContext, useContext } from 'react';

export interface SignedInStaff {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'manager' | 'editor';
}

export const StaffContext = createContext<SignedInStaff | null>(null);

/** The signed-in staff member (inside the back office's frame). */
export function useStaff(): SignedInStaff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the back office frame');
  return staff;
}
