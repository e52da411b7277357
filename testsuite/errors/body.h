  for (i = 0; i < n; i++)
    while (x[i] > 0) x[i] -= 1.0;
