int thrice(int X)   {return 3*X;}
